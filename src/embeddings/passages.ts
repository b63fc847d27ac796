/** One window of a long text: where it starts and ends in the text (UTF-16 offsets), and its text. */
export interface Passage {
  start: number;
  end: number;
  text: string;
}

export interface PassageOptions {
  /** Longest passage in tokens, the model's specials not counted. */
  maxTokens: number;
  /** Tokens of the end of one passage that the next one starts with (whole sentences, at most this many). */
  overlapTokens: number;
  /** Tokens of a piece of text, as the model counts them. */
  countTokens: (text: string) => number;
}

/** A sentence or line, with where it sits in the text. */
interface Piece {
  start: number;
  end: number;
  tokens: number;
}

/** Sentence ends (., !, ? followed by space) and line breaks: code and lists split at their lines. */
const BOUNDARY = /(?<=[.!?])\s+|\n+/g;

function sentences(text: string, countTokens: (text: string) => number): Piece[] {
  const pieces: Piece[] = [];
  let start = 0;
  const push = (end: number) => {
    const piece = text.slice(start, end);
    if (piece.trim().length > 0) pieces.push({ start, end, tokens: countTokens(piece) });
  };
  for (const m of text.matchAll(BOUNDARY)) {
    push(m.index);
    start = m.index + m[0].length;
  }
  push(text.length);
  return pieces;
}

/** A piece longer than a passage, cut at spaces into parts that fit (by the share of characters, then checked). */
function cutLong(text: string, piece: Piece, options: PassageOptions): Piece[] {
  const out: Piece[] = [];
  let start = piece.start;
  while (start < piece.end) {
    const rest = piece.end - start;
    let length = Math.max(1, Math.floor((rest * options.maxTokens) / Math.max(1, options.countTokens(text.slice(start, piece.end)))));
    let end = Math.min(piece.end, start + length);
    // Shrink until it fits (the share is an estimate), then back up to a space if there is one.
    while (end > start + 1 && options.countTokens(text.slice(start, end)) > options.maxTokens) {
      length = Math.floor(length * 0.9);
      end = start + Math.max(1, length);
    }
    if (end < piece.end) {
      const space = text.lastIndexOf(" ", end);
      if (space > start) end = space;
    }
    out.push({ start, end, tokens: options.countTokens(text.slice(start, end)) });
    start = end;
    while (start < piece.end && text[start] === " ") start++;
  }
  return out;
}

/**
 * A text too long for the model as passages that each fit: sentences (or lines)
 * packed in order up to `maxTokens`, each passage after the first starting with
 * the last sentences of the one before (up to `overlapTokens`), so a statement
 * that spans a boundary is whole in one of them. A sentence longer than a
 * passage is cut at spaces. A text that fits is one passage, itself. Pure.
 */
export function passagesOf(text: string, options: PassageOptions): Passage[] {
  if (options.countTokens(text) <= options.maxTokens) return [{ start: 0, end: text.length, text }];
  const pieces = sentences(text, options.countTokens).flatMap((p) => (p.tokens > options.maxTokens ? cutLong(text, p, options) : [p]));
  const passages: Passage[] = [];
  let first = 0;
  while (first < pieces.length) {
    let last = first;
    let tokens = pieces[first]!.tokens;
    while (last + 1 < pieces.length && tokens + pieces[last + 1]!.tokens <= options.maxTokens) tokens += pieces[++last]!.tokens;
    const start = pieces[first]!.start;
    const end = pieces[last]!.end;
    passages.push({ start, end, text: text.slice(start, end) });
    if (last === pieces.length - 1) break;
    // The next passage starts with this one's last sentences, within the overlap, and always moves forward.
    let next = last + 1;
    let overlap = 0;
    while (next - 1 > first && overlap + pieces[next - 1]!.tokens <= options.overlapTokens) overlap += pieces[--next]!.tokens;
    first = next;
  }
  return passages;
}
