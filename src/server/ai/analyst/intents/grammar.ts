/**
 * The paraphrase files are written compactly: '(how is|how's) SYM doing [today|lately]' stands for every sentence it
 * can make, '(a|b)' a choice and '[a|b]' an optional choice, nested freely. expand() makes the sentences: all of
 * them when there are few, else an even, repeatable sample (a seeded generator), so one line cannot outweigh the
 * rest of its intent.
 */

type Node = { kind: 'text'; text: string } | { kind: 'seq'; parts: Node[] } | { kind: 'alt'; options: Node[] };

function parse(source: string): Node {
  let at = 0;
  const sequence = (closers: string): Node => {
    const parts: Node[] = [];
    let text = '';
    const flush = () => {
      if (text) parts.push({ kind: 'text', text });
      text = '';
    };
    while (at < source.length && !closers.includes(source[at])) {
      const c = source[at];
      if (c === '(' || c === '[') {
        flush();
        at++;
        const options = alternatives(c === '(' ? ')' : ']');
        if (c === '[') options.push({ kind: 'text', text: '' });
        parts.push({ kind: 'alt', options });
      } else {
        text += c;
        at++;
      }
    }
    flush();
    return { kind: 'seq', parts };
  };
  const alternatives = (close: string): Node[] => {
    const options = [sequence(`|${close}`)];
    while (source[at] === '|') {
      at++;
      options.push(sequence(`|${close}`));
    }
    if (source[at] !== close) throw new Error(`Unbalanced '${close}' in paraphrase: ${source}`);
    at++;
    return options;
  };
  const root = sequence('');
  if (at < source.length) throw new Error(`Unexpected '${source[at]}' in paraphrase: ${source}`);
  return root;
}

function count(node: Node): number {
  if (node.kind === 'text') return 1;
  if (node.kind === 'seq') return node.parts.reduce((n, p) => n * count(p), 1);
  return node.options.reduce((n, o) => n + count(o), 0);
}

function all(node: Node): string[] {
  if (node.kind === 'text') return [node.text];
  if (node.kind === 'alt') return node.options.flatMap(all);
  return node.parts.reduce<string[]>((acc, p) => acc.flatMap((a) => all(p).map((b) => a + b)), ['']);
}

function sample(node: Node, random: () => number): string {
  if (node.kind === 'text') return node.text;
  if (node.kind === 'seq') return node.parts.map((p) => sample(p, random)).join('');
  return sample(node.options[Math.floor(random() * node.options.length)], random);
}

/** mulberry32: a small seeded generator, so the training set is the same on every start. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const tidy = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/\s+([?.,!])/g, '$1')
    .trim();

/** The line's shortest sentence: every optional part left out, the shortest of each choice. */
function shortest(node: Node): string {
  if (node.kind === 'text') return node.text;
  if (node.kind === 'seq') return node.parts.map(shortest).join('');
  return node.options.map(shortest).reduce((a, b) => (tidy(b).length < tidy(a).length ? b : a));
}

/**
 * The sentences one line stands for, at most `cap` of them. A sample always holds the line's shortest sentence
 * ('how much is __sym'): people type the bare question most, and a sample of a long line would seldom draw it.
 */
export function expand(line: string, cap: number, random: () => number): string[] {
  const tree = parse(line);
  if (count(tree) <= cap) return [...new Set(all(tree).map(tidy))].filter(Boolean);
  const out = new Set<string>();
  const bare = tidy(shortest(tree));
  if (bare) out.add(bare);
  for (let tries = 0; out.size < cap && tries < cap * 4; tries++) {
    const s = tidy(sample(tree, random));
    if (s) out.add(s);
  }
  return [...out];
}
