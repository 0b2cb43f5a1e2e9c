// Lints source text as if it were a file of a workspace project, with the workspace's own
// eslint.config.mjs, so a test can prove that each layering rule still fires.
import { join, resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import {
  createProjectFileMapUsingProjectGraph,
  createProjectGraphAsync,
  type ProjectGraph,
  type ProjectGraphProjectNode,
} from '@nx/devkit';
import { TargetProjectLocator, createProjectRootMappings, readNxJsonFromDisk } from '@nx/devkit/internal';

/** The workspace root (this file is tools/workspace-rules/src/index.ts). */
export const workspaceRoot = resolve(import.meta.dirname, '../../..');

/** What the project graph lacks today for a rule to be exercised, added to a copy of the real graph. */
export interface SimulatedGraphAdditions {
  /**
   * npm packages to treat as installed. `@nx/enforce-module-boundaries` applies `bannedExternalImports`
   * only to packages that are nodes of the graph, i.e. installed and in the lock file.
   * A package that is really installed keeps its real node.
   */
  readonly packages?: readonly string[];
  /** Workspace libraries that do not exist on disk; each is imported by its `name`. */
  readonly projects?: readonly { readonly name: string; readonly root: string; readonly tags: readonly string[] }[];
}

export interface WorkspaceLinter {
  /**
   * Lints `code` as the file `<root of project>/src/<fileName>`. Throws when the workspace config
   * ignores that path or the code does not parse, so a case can never pass by not being linted.
   */
  lintAs(project: string, code: string, fileName?: string): Promise<Linter.LintMessage[]>;
}

/**
 * Builds the project graph and hands it to `@nx/enforce-module-boundaries`, which otherwise reads
 * the graph cache and skips every check, with a warning only, when there is none. The rule reuses
 * these globals when it runs under Jest, the ESLint CLI or an Nx executor.
 */
export async function createWorkspaceLinter(additions: SimulatedGraphAdditions = {}): Promise<WorkspaceLinter> {
  const real = await createProjectGraphAsync({ exitOnError: false });
  const externalNodes: NonNullable<ProjectGraph['externalNodes']> = { ...real.externalNodes };
  const graph: ProjectGraph = { nodes: { ...real.nodes }, externalNodes, dependencies: { ...real.dependencies } };
  for (const packageName of additions.packages ?? []) {
    externalNodes[`npm:${packageName}`] ??= {
      type: 'npm',
      name: `npm:${packageName}`,
      data: { packageName, version: '0.0.0' },
    };
  }
  for (const { name, root, tags } of additions.projects ?? []) {
    const node: ProjectGraphProjectNode = {
      type: 'lib',
      name,
      data: {
        root,
        tags: [...tags],
        targets: {},
        metadata: { js: { packageName: name, packageExports: { '.': './src/index.ts' }, isInPackageManagerWorkspaces: true } },
      },
    };
    graph.nodes[name] = node;
    graph.dependencies[name] = [];
  }
  Object.assign(globalThis, {
    workspaceLayout: readNxJsonFromDisk(workspaceRoot).workspaceLayout,
    projectGraph: graph,
    projectRootMappings: createProjectRootMappings(graph.nodes),
    projectFileMap: await createProjectFileMapUsingProjectGraph(graph),
    targetProjectLocator: new TargetProjectLocator(graph.nodes, graph.externalNodes),
  });

  const eslint = new ESLint({ cwd: workspaceRoot });
  return {
    async lintAs(project, code, fileName = 'lint-fixture.ts') {
      const root = graph.nodes[project]?.data.root;
      if (root === undefined) throw new Error(`No project named ${project} in the project graph`);
      const filePath = join(workspaceRoot, root, 'src', fileName);
      if (await eslint.isPathIgnored(filePath)) throw new Error(`eslint.config.mjs ignores ${filePath}`);
      const [result] = await eslint.lintText(code, { filePath, warnIgnored: true });
      const unlinted = (result?.messages ?? []).filter((m) => m.fatal === true || /\bignored\b/i.test(m.message));
      if (result === undefined || unlinted.length > 0) {
        throw new Error(`${filePath} was not linted: ${unlinted.map((m) => m.message).join('; ')}`);
      }
      return result.messages;
    },
  };
}
