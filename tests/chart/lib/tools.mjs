// Where the chart tests find the repository and their tools: the npm packages installed by
// setup_tools.sh (helm, the Kubernetes schemas, a YAML parser) live in CHART_TOOLS_DIR, outside
// the source tree, so modules are loaded from there rather than next to this file.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const sourceDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const chartDir = path.join(sourceDir, 'charts', 'mailrun');

// The directory prepared by setup_tools.sh; throws when it is not there.
export function toolsDir() {
  const dir = process.env.CHART_TOOLS_DIR;
  if (!dir || !fs.existsSync(path.join(dir, 'node_modules'))) {
    throw new Error('CHART_TOOLS_DIR must name the directory prepared by tests/chart/setup_tools.sh');
  }
  return dir;
}

export const helmBinary = () => path.join(toolsDir(), 'bin', 'helm');

// require() for the packages in CHART_TOOLS_DIR/node_modules.
export function requireTool(name) {
  return createRequire(path.join(toolsDir(), 'node_modules', 'noop.js'))(name);
}
