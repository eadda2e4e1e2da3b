// The time each test project took, from vitest's JSON report: the sum of its files' durations
// (how much work it is) and its wall time, from its first file's start to its last file's end
// (how long it held the run). docs/decisions/037-test-suite-cost.md.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The project a test file belongs to, by its folder (as in vitest.config.ts). */
const PROJECTS = [
  ['contract', 'packages/contract/'],
  ['server', 'apps/server/'],
  ['player', 'apps/player/'],
  ['web', 'apps/web/'],
  ['e2e', 'e2e/'],
];

function projectOf(file, root) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return PROJECTS.find(([, folder]) => relative.startsWith(folder))?.[0] ?? 'other';
}

/** Per project: files, the sum of their durations and the wall time, in seconds. */
export function projectTimes(report, root = process.cwd()) {
  const byProject = new Map();
  for (const f of report.testResults ?? []) {
    if (typeof f.startTime !== 'number' || typeof f.endTime !== 'number') continue;
    const name = projectOf(f.name, root);
    const p = byProject.get(name) ?? { files: 0, sum: 0, start: Infinity, end: -Infinity };
    p.files += 1;
    p.sum += f.endTime - f.startTime;
    p.start = Math.min(p.start, f.startTime);
    p.end = Math.max(p.end, f.endTime);
    byProject.set(name, p);
  }
  const order = PROJECTS.map(([name]) => name).concat('other');
  return order
    .filter((name) => byProject.has(name))
    .map((name) => {
      const p = byProject.get(name);
      return { project: name, files: p.files, sum: p.sum / 1000, wall: (p.end - p.start) / 1000 };
    });
}

/** Lines such as `e2e       26 files  sum 410.2 s  wall 230.5 s`. */
export function formatProjectTimes(times) {
  return times.map(
    (t) =>
      `${t.project.padEnd(9)} ${String(t.files).padStart(3)} files  sum ${t.sum
        .toFixed(1)
        .padStart(6)} s  wall ${t.wall.toFixed(1).padStart(6)} s`,
  );
}

/** The `count` slowest files of the report, slowest first: `{file, project, seconds}`. */
export function slowestFiles(report, root = process.cwd(), count = 10) {
  return (report.testResults ?? [])
    .filter((f) => typeof f.startTime === 'number' && typeof f.endTime === 'number')
    .map((f) => ({
      file: path.relative(root, f.name).split(path.sep).join('/'),
      project: projectOf(f.name, root),
      seconds: (f.endTime - f.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

/** Prints the per-project times of the report at `file`; nothing when it is missing. */
export function printProjectTimes(file, root = process.cwd()) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  console.log('Time per project (sum of file durations, and wall time):');
  for (const line of formatProjectTimes(projectTimes(report, root))) console.log(`  ${line}`);
  console.log('Slowest files:');
  for (const f of slowestFiles(report, root)) {
    console.log(`  ${f.seconds.toFixed(1).padStart(6)} s  ${f.file}`);
  }
}
