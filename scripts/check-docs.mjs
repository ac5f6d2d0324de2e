// `node scripts/check-docs.mjs` (part of `npm run check`): docs and comments say what is true now.
// It fails, listing file:line, when
// - a doc or comment narrates a numbered working session or what an earlier one found or tried (the history
//   belongs in commit messages; a doc says what is true and why, and keeps the command behind each figure);
//   a login session ("the session cookie", "every session of the user") is never followed by a number and
//   does not match;
// - a reference to a doc section points nowhere: `docs/<file>.md "<heading>"` (also with a comma or the path
//   in backticks, and wrapped over comment lines) needs a markdown heading (# to ######) of that text in
//   that file, compared without inline markup, spacing or case, with or without the heading's closing
//   parenthesis ("Steps" for "### Steps (`track.ts`, …)"); and every `docs/<file>.md` named must exist.
// Bold paragraph titles ("**Pace.**") are no headings: point at the heading above them.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCAN = ['apps', 'packages', 'tools', 'e2e', 'bench', 'scripts', 'docs', '.ci', 'README.md'];
const ROOT_FILES = /^(eslint\.config\.js|vitest\.config\.ts|\.dependency-cruiser\.cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'migrations', 'test-results', '.vite']);
const EXTENSIONS = /\.(md|ts|tsx|mts|cts|js|mjs|cjs|sql|css|html|ya?ml|sh)$/;

// Narration of working sessions. Each pattern was run over the whole tree: none hits a login session.
const NARRATION = [
  // "Session 28: …", "until session 25", "sessions 24–27", "session 22's code"
  { name: 'numbered session', re: /\b[Ss]essions? \d+/g },
  // "an earlier session", "a later session", "this working session", "earlier in the session"
  {
    name: 'earlier session',
    re: /\b(?:earlier|later|working) sessions?\b|\b(?:earlier|later) in the session\b/g,
  },
  // "session 24 found", "the session's trace showed", "what that session tried"
  { name: 'session found', re: /\b[Ss]ession(?:'s)? (?:found|tried|traced|measured|showed)\b/g },
];

// `docs/alarms.md "Swarm"`, `docs/timeline.md, "Web screen"`, `` `docs/shop.md` "Codes" ``
const REFERENCE = /(?<![\w/.-])((?:\.\.\/)*docs\/[\w./-]+?\.md)`?(?:(?:,| ?) ?"([^"]{1,160})")?/g;

function walk(dir, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(full, out);
    } else if (EXTENSIONS.test(entry.name)) out.push(full);
  }
  return out;
}

function files() {
  const out = [];
  for (const name of SCAN) {
    const full = path.join(ROOT, name);
    if (!fs.existsSync(full)) continue;
    if (fs.statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  for (const name of fs.readdirSync(ROOT)) if (ROOT_FILES.test(name)) out.push(path.join(ROOT, name));
  return out;
}

/**
 * The file's lines joined by single spaces, each without its indentation and comment marker (`//`, ` * `,
 * `#`, `--`, `>`), so that a phrase or reference wrapped over two comment lines reads as one; `lineAt` maps
 * an offset of the joined text back to its line number.
 */
function joined(text) {
  const starts = [];
  let flat = '';
  for (const line of text.split('\n')) {
    starts.push(flat.length);
    flat += line.replace(/^\s*(?:\/\/+|\/\*+|\*+(?!\*\w)|#(?=\s)|--|>)?\s*/, '') + ' ';
  }
  const lineAt = (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  return { flat, lineAt };
}

const normalise = (heading) =>
  heading
    .replace(/[`*]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

const headingCache = new Map();
function headingsOf(docPath) {
  if (!headingCache.has(docPath)) {
    let headings = null;
    if (fs.existsSync(docPath)) {
      headings = new Set();
      let fenced = false;
      for (const line of fs.readFileSync(docPath, 'utf8').split('\n')) {
        if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
        const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
        if (m) {
          // "Steps (`track.ts`, `fit.ts`)" is referred to as "Steps"
          headings.add(normalise(m[1]));
          headings.add(normalise(m[1].replace(/\s*\([^()]*\)\s*$/, '')));
        }
      }
    }
    headingCache.set(docPath, headings);
  }
  return headingCache.get(docPath);
}

const SELF = path.relative(ROOT, import.meta.filename);
const problems = [];
let references = 0;
for (const file of files()) {
  const rel = path.relative(ROOT, file);
  const { flat, lineAt } = joined(fs.readFileSync(file, 'utf8'));
  // this file names what it looks for
  for (const { name, re } of rel === SELF ? [] : NARRATION) {
    for (const m of flat.matchAll(re)) {
      problems.push(`${rel}:${lineAt(m.index)}: narrates a working session (${name}): "${m[0]}"`);
    }
  }
  for (const m of flat.matchAll(REFERENCE)) {
    const [, docRef, heading] = m;
    const docPath = path.join(ROOT, 'docs', docRef.replace(/^(?:\.\.\/)*docs\//, ''));
    const headings = headingsOf(docPath);
    references++;
    if (!headings) problems.push(`${rel}:${lineAt(m.index)}: ${docRef} does not exist`);
    else if (heading && !headings.has(normalise(heading))) {
      problems.push(`${rel}:${lineAt(m.index)}: ${docRef} has no heading "${heading.replace(/\s+/g, ' ')}"`);
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\ncheck-docs FAILED: ${problems.length} problems (see the top of scripts/check-docs.mjs)`);
  process.exit(1);
}
console.log(
  `check-docs: no session narration; ${references} doc references point at existing files and headings`,
);
