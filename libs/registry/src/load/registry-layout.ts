import type { BindingOrigin } from '@skill-service/contracts';
import { findFile, listFilesAtDepth, listFilesIn, listGroupedFiles, type TreeRoot } from '../io/list-files.js';
import type { SourceFile } from '../io/source-file.js';
import type { LoadContext } from './load-context.js';

export interface SkillFile extends SourceFile {
  readonly channel: string;
  readonly domain: string;
  readonly slug: string;
}

export interface BindingFile extends SourceFile {
  readonly origin: BindingOrigin;
  /** The `<capability-id>` folder the file sits in. */
  readonly folder: string;
}

/** Every file a load reads, each list in load order (sorted paths; overlays as documented). */
export interface RegistryLayout {
  /** Local skills (runtime `skills/local/...`) first: the first file that names an id wins. */
  readonly skills: readonly SkillFile[];
  readonly registryCapabilities: readonly SourceFile[];
  readonly localCapabilities: readonly SourceFile[];
  readonly serviceFiles: readonly SourceFile[];
  readonly localServices: SourceFile | undefined;
  /** official, then local, then candidate. */
  readonly bindings: readonly BindingFile[];
  readonly policies: readonly SourceFile[];
  readonly activeBindings: SourceFile | undefined;
  readonly overrides: SourceFile | undefined;
}

const YAML = '.yaml';
const HOST = '.agent-skills';

/** `skills/<channel>/<domain>/<slug>/skill.yaml`; local skills are `skills/local/...`, channel `local`. */
function skillFile(file: SourceFile): SkillFile {
  const [, channel = '', domain = '', slug = ''] = file.file.split('/');
  return { ...file, channel, domain, slug };
}

/**
 * Finds the files of the registry layout and the runtime layout (docs/providers.md). Nothing is read from the runtime side when there is no runtime root.
 */
export function discoverLayout(context: LoadContext, registryRoot: string, runtimeRoot: string | undefined): RegistryLayout {
  const treeRoot = (kind: TreeRoot['kind'], directory: string): TreeRoot => ({
    kind,
    directory,
    report: (file) => context.reporterFor({ root: kind, file: file === '' ? '.' : file }),
  });
  const registry = treeRoot('registry', registryRoot);
  const runtime = runtimeRoot === undefined ? undefined : treeRoot('runtime', runtimeRoot);

  const registrySkills = listFilesAtDepth(registry, ['skills'], 3, 'skill.yaml');
  const registryCapabilities = listFilesIn(registry, ['capabilities'], YAML, new Set(['_index.yaml']));
  if (runtime === undefined) {
    return {
      skills: registrySkills.map(skillFile),
      registryCapabilities,
      localCapabilities: [],
      serviceFiles: [],
      localServices: undefined,
      bindings: [],
      policies: [],
      activeBindings: undefined,
      overrides: undefined,
    };
  }
  const bindingsIn = (folder: readonly string[], origin: BindingOrigin): BindingFile[] =>
    listGroupedFiles(runtime, folder, YAML).map(({ group, file }) => ({ ...file, origin, folder: group }));
  return {
    skills: [...listFilesAtDepth(runtime, ['skills', 'local'], 2, 'skill.yaml'), ...registrySkills].map(skillFile),
    registryCapabilities,
    localCapabilities: listFilesIn(runtime, [HOST, 'capabilities'], YAML),
    serviceFiles: listFilesIn(runtime, ['services', 'official'], YAML),
    localServices: findFile(runtime, [HOST, 'services.yaml']),
    bindings: [
      ...bindingsIn(['bindings', 'official'], 'official'),
      ...bindingsIn([HOST, 'bindings', 'local'], 'local'),
      ...bindingsIn([HOST, 'bindings', 'candidate'], 'candidate'),
    ],
    policies: listFilesIn(runtime, ['policies'], YAML),
    activeBindings: findFile(runtime, [HOST, 'active_bindings.json']),
    overrides: findFile(runtime, [HOST, 'overrides.yaml']),
  };
}
