// Reading the container recipe (deploy/containers/Dockerfile) and the Debian package list
// (deploy/debian-packages.txt) the way a test needs them: stages with their instructions, the
// packages each stage installs, and the list's sections.
import fs from 'node:fs';
import path from 'node:path';
import { sourceDir } from './tools.mjs';

export const dockerfilePath = path.join(sourceDir, 'deploy', 'containers', 'Dockerfile');
export const packageListPath = path.join(sourceDir, 'deploy', 'debian-packages.txt');

// { build: [...], runtime: [...], test: [...] } from deploy/debian-packages.txt.
export function packageSections(text = fs.readFileSync(packageListPath, 'utf8')) {
  const sections = {};
  let current = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const header = line.match(/^\[(\w+)\]$/);
    if (header) {
      current = header[1];
      sections[current] = [];
    } else if (current) {
      sections[current].push(line.split(/\s+/)[0]);
    } else {
      throw new Error(`package ${line} outside any [section]`);
    }
  }
  return sections;
}

// The Dockerfile's instructions (continuation lines joined), grouped by stage:
// [{ name, from, instructions: [{ keyword, args }] }].
export function dockerStages(text = fs.readFileSync(dockerfilePath, 'utf8')) {
  const logical = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    if (/^\s*#/.test(raw)) continue;  // comments, also inside a continued instruction
    const line = raw.replace(/\s+$/, '');
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const full = (pending + line).trim();
    pending = '';
    if (full) logical.push(full);
  }
  const stages = [];
  for (const line of logical) {
    const [keyword, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const m = args.match(/^(\S+)(?:\s+AS\s+(\S+))?$/i);
      stages.push({ name: m[2] ?? null, from: m[1], instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1).instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

// The packages a stage installs with apt-get install (options and shell syntax left out).
export function installedPackages(stage) {
  const packages = [];
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== 'RUN') continue;
    for (const command of args.split(/&&|;/)) {
      const words = command.trim().split(/\s+/);
      const at = words.indexOf('install');
      if (words[0] !== 'apt-get' || at < 0) continue;
      packages.push(...words.slice(at + 1).filter((w) => !w.startsWith('-')));
    }
  }
  return packages;
}

export function stage(stages, name) {
  const found = stages.find((s) => s.name === name);
  if (!found) throw new Error(`the Dockerfile has no stage named ${name}`);
  return found;
}

// The stages a stage builds on (itself first), following FROM <stage>.
export function lineage(stages, name) {
  const chain = [];
  let current = stages.find((s) => s.name === name);
  while (current) {
    chain.push(current);
    current = stages.find((s) => s.name === current.from);
  }
  return chain;
}
