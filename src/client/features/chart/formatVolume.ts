const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/** 1234567 -> "1.23M", 950 -> "950"; built once, hover calls it on every move. */
export function formatVolume(volume: number): string {
  return Number.isFinite(volume) ? compact.format(volume) : '—';
}
