/**
 * Station search without diacritics: "hue" finds Huế, "da nang" Đà Nẵng, "sai gon" Sài Gòn. Letters are
 * compared without their marks (đ as d), in lower case, spaces collapsed; a station matches when its name or
 * its code contains the typed text.
 */

export function foldDiacritics(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function stationMatches(station: { code: string; name: string }, typed: string): boolean {
  const q = foldDiacritics(typed);
  if (!q) return true;
  return foldDiacritics(station.name).includes(q) || station.code.toLowerCase().includes(q);
}
