/**
 * Where a CPU profile's time went: self time by package (or project folder) and the top functions.
 * Make a profile with `node --cpu-prof --cpu-prof-dir=test-results/profiles bench/play.ts` (BENCH_ONLY=quiz
 * or play to profile one hot path), then: `node bench/profileSummary.ts test-results/profiles/<file>.cpuprofile`.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/profileSummary.ts <file.cpuprofile> [top]');
const top = Number(process.argv[3] ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

/** A frame's owner: the npm package, node's own code, or the project folder it is in. */
function ownerOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const packages = url.split('node_modules/');
  if (packages.length > 1) {
    const rest = packages.at(-1)!.split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url.split('/')[0]!;
  const project = /\/(server|shared|web|bench)\/(src\/)?([^/]+)/.exec(url);
  return project ? `${project[1]}/${project[3]}` : url;
}

const selfByOwner = new Map<string, number>();
const selfByFunction = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const node = byId.get(id)!;
  const micros = profile.timeDeltas[index] ?? 0;
  total += micros;
  const { functionName, url, lineNumber } = node.callFrame;
  const owner = ownerOf(url, functionName);
  selfByOwner.set(owner, (selfByOwner.get(owner) ?? 0) + micros);
  const key = `${functionName || '(anonymous)'}  ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
  selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + micros);
});

const percent = (micros: number) => `${((micros / total) * 100).toFixed(1).padStart(5)}%`;
const idle = selfByOwner.get('(idle)') ?? 0;
console.log(`${(total / 1e6).toFixed(2)} s sampled, ${percent(idle)} idle\n\nself time by owner:`);
for (const [owner, micros] of [...selfByOwner].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${percent(micros)}  ${owner}`);
}
console.log('\ntop functions (self):');
for (const [name, micros] of [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${percent(micros)}  ${name}`);
}
