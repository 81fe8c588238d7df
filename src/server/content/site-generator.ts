import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { AnchorStyle } from './heading-slug.js';

/** The generator that publishes a content folder, as far as the files beside it tell. */
export interface SiteGenerator {
  /** Its name, for the start-up log ("VitePress"); undefined when none is recognised. */
  name?: string;
  /** Where it was recognised: the file or folder found. */
  evidence?: string;
  /** How it writes heading anchors: `github` when none is recognised, as GitHub shows Markdown. */
  anchors: AnchorStyle;
}

/**
 * Files a generator keeps beside its content, and its anchor style. A site owner points
 * `--content` at the documents (`docs/`, `content/`, `src/content/docs/`), which may hold the
 * generator's configuration (VitePress's `docs/.vitepress`) or sit below it (`mkdocs.yml`,
 * `docusaurus.config.js`, `hugo.toml` beside `docs/` or `content/`).
 */
const MARKERS: readonly { name: string; files: readonly string[]; anchors: AnchorStyle }[] = [
  { name: 'VitePress', files: ['.vitepress'], anchors: 'vitepress' },
  { name: 'MkDocs', files: ['mkdocs.yml', 'mkdocs.yaml'], anchors: 'mkdocs' },
  {
    name: 'Docusaurus',
    files: ['docusaurus.config.js', 'docusaurus.config.ts', 'docusaurus.config.mjs', 'docusaurus.config.cjs'],
    anchors: 'github',
  },
  {
    name: 'Astro',
    files: ['astro.config.mjs', 'astro.config.js', 'astro.config.ts', 'astro.config.mts', 'astro.config.cjs'],
    anchors: 'github',
  },
  { name: 'Hugo', files: ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json'], anchors: 'github' },
  { name: 'Jekyll', files: ['_config.yml', '_config.yaml'], anchors: 'github' },
];

/** Folders above the content folder searched: `src/content/docs` is three below Astro's config. */
const LEVELS_UP = 3;

/**
 * The generator of the site whose documents are in `dir`: the nearest marker wins, looking in
 * `dir`, in its `docs/` (VitePress's config inside the docs a repository keeps), then in the
 * folders above it, up to three.
 */
export function siteGeneratorOf(dir: string): SiteGenerator {
  const folders = [resolve(dir), join(resolve(dir), 'docs')];
  for (let folder = resolve(dir), level = 0; level < LEVELS_UP; level++) {
    const parent = dirname(folder);
    if (parent === folder) break;
    folders.push(parent);
    folder = parent;
  }
  for (const folder of folders)
    for (const marker of MARKERS)
      for (const file of marker.files) {
        const path = join(folder, file);
        if (existsSync(path)) return { name: marker.name, evidence: path, anchors: marker.anchors };
      }
  return { anchors: 'github' };
}
