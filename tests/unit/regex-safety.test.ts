// Every regular expression the app, its workers and the shop's tools run, found in the source by the
// TypeScript parser (literals and `new RegExp('…')` with a literal pattern), is checked by recheck
// (an automaton-based ReDoS checker): none may backtrack super-linearly, since a shop's manifest,
// a file name or a material file reaches them. A pattern built at run time fails the scan, so
// that a new one cannot hide from the check. The vendored decoders in public/ are not ours.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The checker runs in this thread: its default synchronous backend (synckit 0.9.2, a worker
// behind Atomics.wait) now and then reads an empty reply, and a CI run failed on it
// ("Cannot read properties of undefined (reading 'message')", un-ts/synckit#185). The same
// automaton, the same verdicts; the backend is read at each call.
process.env.RECHECK_SYNC_BACKEND = 'pure';

const ROOTS = ['src', 'workers', 'scripts'];
/** Files whose patterns never see input, and why. */
const EXEMPT: Record<string, string> = {
  'scripts/lib/constants.mjs': "reads the repo's own src/shared/*-constants.ts at build time",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(name) && !EXEMPT[path] ? [path] : [];
  });
}

/**
 * Patterns the automaton checker cannot judge (lookarounds), each read by hand: why each is linear.
 */
const UNPROVED: Record<string, string> = {
  [String.raw`^(?!\/)(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9._\-/]+$`]:
    'anchored at the start: each lookahead scans once, then one class run (manifest SAFE_PATH, ≤ 200 characters)',
};

interface Found {
  where: string;
  source: string;
  flags: string;
}

/** The patterns in one file; `dynamic` collects `new RegExp(x)` whose pattern is not a literal. */
function patternsIn(path: string, dynamic: string[]): Found[] {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const where = (node: ts.Node) =>
    `${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const literal = node.text;
      const end = literal.lastIndexOf('/');
      found.push({
        where: where(node),
        source: literal.slice(1, end),
        flags: literal.slice(end + 1),
      });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteralLike(pattern)) {
        found.push({
          where: where(node),
          source: pattern.text,
          flags: flags && ts.isStringLiteralLike(flags) ? flags.text : '',
        });
      } else dynamic.push(where(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const dynamic: string[] = [];
const patterns = ROOTS.flatMap((root) => sourceFiles(root)).flatMap((path) =>
  patternsIn(path, dynamic),
);

describe('regular expressions', () => {
  it('are found in the source (the scan works)', () => {
    expect(patterns.length).toBeGreaterThan(20);
    expect(patterns.some((p) => p.where.includes('glasses-types.ts'))).toBe(true);
  });

  it('are built from literals only', () => {
    expect(dynamic).toEqual([]);
  });

  it.each(patterns.map((p) => [p.where, p] as const))(
    '%s matches in linear time',
    (_where, { source, flags }) => {
      // The automaton checker only: its verdict is a proof, where the fuzz checker's is a
      // random, time-bounded search (it called SAFE_PATH vulnerable on a loaded machine once).
      const result = checkSync(source, flags, { checker: 'automaton', timeout: 30_000 });
      const attack = result.status === 'vulnerable' ? result.attack.string.slice(0, 40) : '';
      const verdict = result.status === 'unknown' && UNPROVED[source] ? 'reviewed' : result.status;
      expect(verdict, `${result.status} ${JSON.stringify(attack)}`).toMatch(/^(safe|reviewed)$/);
    },
  );
});
