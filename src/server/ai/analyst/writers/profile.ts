import type { CompanyProfileData } from '../../tools/getCompanyProfile';
import { cap, named } from '../prose';

const KIND: Record<string, string> = {
  EQUITY: 'company',
  ETF: 'exchange-traded fund',
  INDEX: 'market index',
  CRYPTOCURRENCY: 'cryptocurrency',
};

/** What the company does, in the profile's words, with its sector, listing and size. */
export function writeProfile(p: CompanyProfileData): string {
  const kind = KIND[p.type] ?? 'instrument';
  const where = p.type === 'INDEX' || p.type === 'CRYPTOCURRENCY' ? '' : `, listed on ${p.exchange}`;
  const sector = p.sector ? ` in the ${p.sector} sector` : '';
  const facts: string[] = [];
  if (p.marketCap !== null) facts.push(`a market capitalization of about **${cap(p.marketCap)}**`);
  if (p.pe !== null && p.pe > 0) facts.push(`a P/E of ${p.pe}`);
  const size = facts.length ? ` It has ${facts.join(' and ')}.` : '';
  return `**${named(p.name, p.symbol)}** is a ${kind}${sector}${where}. ${p.description}${size}`;
}
