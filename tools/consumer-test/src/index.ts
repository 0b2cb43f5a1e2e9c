/**
 * The libraries as other workspaces see them: which ones are published, their API reports, and
 * the helpers that pack them and install them into a fresh project outside this workspace.
 */
export { API_DIR, UPDATE_COMMAND, apiReportOf, reportPath } from './api-report.js';
export { compileAndRun, installTarballs, packLibraries } from './consumer-project.js';
export { WORKSPACE_ROOT, coreLibraries, publishedLibraries, shortName, type PublishedLibrary } from './published-libraries.js';
