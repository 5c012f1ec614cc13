import type { FormatId } from '../codec.js';
import { childPath } from '../fidelity.js';
import type { Attribution, PathBytes } from './result.js';

/**
 * The tally an attribution walk fills: one node per generalised JSON path, holding the bytes charged
 * to it by kind. A walk keeps the node of the value it is at and asks it for a child (a Map lookup,
 * no path string per value), so a walk stays linear in the size of the value; a node's path string
 * is built once, when the node is made.
 */
export class PathNode {
  keys = 0;
  values = 0;
  framing = 0;
  readonly children: PathNode[] = [];
  private named: Map<string, PathNode> | undefined;
  private elementNode: PathNode | undefined;
  private mapNode: PathNode | undefined;

  constructor(readonly path: string) {}

  /** The node of member `key` of the object at this path. */
  member(key: string): PathNode {
    const named = (this.named ??= new Map());
    let child = named.get(key);
    if (child === undefined) {
      child = this.add(childPath(this.path, key));
      named.set(key, child);
    }
    return child;
  }

  /** The node of every element of the array at this path (`[*]`). */
  element(): PathNode {
    return (this.elementNode ??= this.add(`${this.path}[*]`));
  }

  /** The node of every member of the map (an object the schema types as a map) at this path (`.*`). */
  anyMember(): PathNode {
    return (this.mapNode ??= this.add(`${this.path}.*`));
  }

  private add(path: string): PathNode {
    const child = new PathNode(path);
    this.children.push(child);
    return child;
  }
}

/** The root of a fresh tally (`$`). */
export function rootNode(): PathNode {
  return new PathNode('$');
}

/** The attribution a filled tally stands for: every node as a row, largest first, and the totals. */
export function summarize(format: FormatId, root: PathNode): Attribution {
  const rows: PathBytes[] = [];
  let keys = 0;
  let values = 0;
  let framing = 0;
  // Post-order without recursion (paths may nest as deep as the value): a node's subtree is known
  // once its children's are.
  const subtree = new Map<PathNode, number>();
  const stack: Array<{ node: PathNode; next: number }> = [{ node: root, next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { node: PathNode; next: number };
    const { node } = top;
    if (top.next < node.children.length) {
      stack.push({ node: node.children[top.next++] as PathNode, next: 0 });
      continue;
    }
    stack.pop();
    const total = node.keys + node.values + node.framing;
    let below = total;
    for (const child of node.children) below += subtree.get(child) as number;
    subtree.set(node, below);
    keys += node.keys;
    values += node.values;
    framing += node.framing;
    rows.push({ path: node.path, keys: node.keys, values: node.values, framing: node.framing, total, subtree: below });
  }
  rows.sort(byTotal);
  return { format, total: keys + values + framing, byKind: { keys, values, framing }, paths: rows };
}

/** Largest first; equal totals by path, so the order does not depend on the walk. */
export function byTotal(a: { readonly total: number; readonly path: string }, b: { readonly total: number; readonly path: string }): number {
  return b.total - a.total || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}
