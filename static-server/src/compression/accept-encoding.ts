export type Encoding = 'br' | 'gzip';

/** The encodings a client accepts among the ones we produce, best first (`q=0` means refused). */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  if (!header) return [];
  const value = Array.isArray(header) ? header.join(',') : header;
  const q: Record<string, number> = {};
  for (const part of value.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = qParam ? Number(qParam.slice(2)) : 1;
    q[token] = Number.isFinite(weight) ? weight : 0;
  }
  const weightOf = (e: Encoding): number => q[e] ?? q['*'] ?? 0;
  return (['br', 'gzip'] as Encoding[]).filter((e) => weightOf(e) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}
