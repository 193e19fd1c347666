import { z } from 'zod';
import type { SymbolProfile } from '../../market/provider';
import { marketCall, marketSource, toolSymbol } from './common';
import { defineTool } from './types';

/** What the company does (or what a fund holds), its sector, exchange, type, market cap and P/E: the market's profile. */
export type CompanyProfileData = SymbolProfile;

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
    const data: CompanyProfileData = { ...profile };
    return { data, source: marketSource(deps.market), asOf: deps.now(), subject: `${profile.symbol} profile` };
  },
});
