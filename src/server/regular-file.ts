/**
 * Reading the files of a folder the service is pointed at (`--content`, `--static`) when links in
 * it may lead anywhere: a docs repository's checkout holds what a contributor committed, links
 * too, and a link is followed wherever it leads.
 */
import { realpathSync } from 'node:fs';
import { relative, sep } from 'node:path';

/**
 * Whether `path`, once its links are followed, is a hidden file (`.env`) or in a hidden folder
 * (`.git/`, `~/.ssh/`), seen from the real path of the folder `root` it is in: a link
 * `faq.md -> ../.env` is no way around the rule that hidden names are never read or served.
 * `isHidden` says which names are (`--static` serves `.well-known`); names above `root` (a site
 * kept in `~/.local/`) are not looked at. False for a path that can't be resolved.
 */
export function leadsToHidden(root: string, path: string, isHidden: (name: string) => boolean): boolean {
  let names: string[];
  try {
    names = relative(realpathSync(root), realpathSync(path)).split(sep);
  } catch {
    return false;
  }
  return names.some((name) => name !== '..' && isHidden(name));
}
