import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { AnchorStyle } from './heading-slug.js';

/** The generator that publishes a content folder, when the files beside it say so. */
export interface SiteGenerator {
  /** Its name, for the start-up log ("VitePress"); undefined when none is recognised. */
  name?: string;
  /** Where it was recognised: the file or folder found. */
  evidence?: string;
  /** How it writes heading anchors: `github` when none is recognised, as GitHub shows Markdown. */
  anchors: AnchorStyle;
}

/**
 * The generators whose anchors are not GitHub's, or who publish a source elsewhere than its path
 * says (Docusaurus, see `source-path.ts`), and what they keep beside their content. Starlight
 * (Astro), Hugo and Jekyll write GitHub's anchors, the default, so they need no finding. A site
 * owner points `--content` at the documents (`docs/`), which may hold the generator's
 * configuration (VitePress's `docs/.vitepress`) or sit below it (`mkdocs.yml`,
 * `docusaurus.config.js`).
 */
const MARKERS: readonly { name: string; files: readonly string[]; anchors: AnchorStyle }[] = [
  { name: 'VitePress', files: ['.vitepress'], anchors: 'vitepress' },
  { name: 'MkDocs', files: ['mkdocs.yml', 'mkdocs.yaml'], anchors: 'mkdocs' },
  {
    name: 'Docusaurus',
    files: ['js', 'ts', 'mjs', 'cjs', 'mts', 'cts'].map((extension) => `docusaurus.config.${extension}`),
    anchors: 'github',
  },
];

/** Folders above the content folder searched: `docs/guides` is two below `mkdocs.yml`. */
const LEVELS_UP = 3;

/** The folder, its `docs/`, then up to `LEVELS_UP` folders above it. */
function foldersToSearch(dir: string): string[] {
  const folders = [dir, join(dir, 'docs')];
  for (let folder = dir, level = 0; level < LEVELS_UP; level++) {
    const parent = dirname(folder);
    if (parent === folder) break;
    folders.push(parent);
    folder = parent;
  }
  return folders;
}

/**
 * The generator of the site whose documents are in `dir`, from the marker nearest to it: in
 * `dir`, in its `docs/` (VitePress's config inside the docs a repository keeps), then in the
 * folders above it, up to three; by the path given, then by the real path of a linked folder.
 */
export function siteGeneratorOf(dir: string): SiteGenerator {
  const given = resolve(dir);
  let real = given;
  try {
    real = realpathSync(given);
  } catch {
    // A folder that can't be resolved is searched as given.
  }
  const folders = foldersToSearch(given);
  if (real !== given) folders.push(...foldersToSearch(real));
  for (const folder of folders)
    for (const marker of MARKERS)
      for (const file of marker.files) {
        const path = join(folder, file);
        if (existsSync(path)) return { name: marker.name, evidence: path, anchors: marker.anchors };
      }
  return { anchors: 'github' };
}
