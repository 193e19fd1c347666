import { z } from 'zod';
import { marketCall, marketSource, toolSymbol } from './common';
import { defineTool } from './types';

export interface CompanyProfileData {
  symbol: string;
  name: string;
  exchange: string;
  /** EQUITY, ETF, INDEX, CRYPTOCURRENCY. */
  type: string;
  sector: string | null;
  /** What the company does (or what the fund holds), in a few sentences. */
  description: string;
  marketCap: number | null;
  pe: number | null;
}

/** get_company_profile(symbol): what the company does, its sector, exchange, size and P/E. */
export const getCompanyProfileTool = defineTool({
  name: 'get_company_profile',
  description:
    'What a company does (or what a fund or index holds): a short description, sector, exchange, instrument type, ' +
    'market cap and P/E. Use it for "tell me about X", "what does X do", "what sector is X in".',
  input: z.object({ symbol: toolSymbol }),
  progress: ({ symbol }) => `Reading ${symbol}'s company profile…`,
  async run({ symbol }, { deps }) {
    const profile = await marketCall('profile', () => deps.market.profile(symbol));
    const data: CompanyProfileData = {
      symbol: profile.symbol,
      name: profile.name,
      exchange: profile.exchange,
      type: profile.type,
      sector: profile.sector,
      description: profile.description,
      marketCap: profile.marketCap,
      pe: profile.pe,
    };
    return { data, source: marketSource(deps.market), asOf: deps.now(), subject: `${profile.symbol} profile` };
  },
});
