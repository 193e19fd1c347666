import { z } from 'zod';
import { DEFAULT_PORTFOLIO_CURRENCY, PORTFOLIO_CURRENCIES } from '../market/currency';
import { symbolSchema } from '../market/schemas';
import { userText } from '../schemas/text';
import { decimalText, Dec, parseDecimal } from './decimal';
import {
  MAX_AVERAGE_PRICE,
  MAX_IMPORT_CSV_LENGTH,
  MAX_PORTFOLIO_DESCRIPTION_LENGTH,
  MAX_PORTFOLIO_NAME_LENGTH,
  MAX_PRICE_DECIMALS,
  MAX_QUANTITY,
  MAX_QUANTITY_DECIMALS,
} from './limits';
import { DATE_ORDERS } from './brokers/reading';
import { COST_METHODS } from './ledger/types';
import { DATE_TOO_EARLY_MESSAGE } from './ledger/days';
import { isCalendarDate, isTooEarlyDate } from './ledger/schemas';
import { PORTFOLIO_MESSAGES as M } from './messages';

/**
 * Input schemas of the portfolio procedures (REST and tRPC share them; the forms use the same rules).
 * Numbers a client computed (currentPrice, totalValue, gainLoss, gainLossPercent) are not in these schemas:
 * zod drops unknown keys, so those bodies are accepted and the numbers ignored. The server values everything.
 */

/** Text that must be present: a missing or non-text value gets the field's own "required" message. */
function requiredText(requiredMessage: string) {
  return z.unknown().refine((v) => typeof v === 'string', { message: requiredMessage, abort: true });
}

export const portfolioNameSchema = requiredText(M.nameRequired).pipe(
  userText().trim().min(1, M.nameRequired).max(MAX_PORTFOLIO_NAME_LENGTH, M.nameTooLong),
);

const descriptionText = z
  .union([userText().trim().max(MAX_PORTFOLIO_DESCRIPTION_LENGTH, M.descriptionTooLong), z.null()], {
    error: 'Description must be text',
  })
  .optional();

/** Optional; blank or absent means none. */
export const portfolioDescriptionSchema = descriptionText.transform((v) => (v ? v : null));

interface DecimalRule {
  required: string;
  notNumber: string;
  min: { value: string; inclusive: boolean; message: string };
  max: { value: string; message: string };
  decimals: { max: number; message: string };
}

/** A decimal field taken as a JSON number or numeric text, checked exactly and kept as canonical decimal text. */
function decimalField(rule: DecimalRule) {
  const min = new Dec(rule.min.value);
  const max = new Dec(rule.max.value);
  return z.unknown().transform((raw, ctx): string => {
    if (raw === undefined || raw === null || raw === '') {
      ctx.addIssue({ code: 'custom', message: rule.required });
      return z.NEVER;
    }
    const value = parseDecimal(raw);
    if (!value) {
      ctx.addIssue({ code: 'custom', message: rule.notNumber });
      return z.NEVER;
    }
    const tooSmall = rule.min.inclusive ? value.lt(min) : value.lte(min);
    const message = tooSmall
      ? rule.min.message
      : value.gt(max)
        ? rule.max.message
        : value.decimalPlaces() > rule.decimals.max
          ? rule.decimals.message
          : null;
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    // "-0" is a valid zero price; store it as "0".
    return decimalText(value.abs().isZero() ? new Dec(0) : value);
  });
}

export const quantitySchema = decimalField({
  required: M.quantityRequired,
  notNumber: M.quantityNotNumber,
  min: { value: '0', inclusive: false, message: M.quantityNotPositive },
  max: { value: MAX_QUANTITY, message: M.quantityTooLarge },
  decimals: { max: MAX_QUANTITY_DECIMALS, message: M.quantityTooPrecise },
});

export const averagePriceSchema = decimalField({
  required: M.priceRequired,
  notNumber: M.priceNotNumber,
  min: { value: '0', inclusive: true, message: M.priceNegative },
  max: { value: MAX_AVERAGE_PRICE, message: M.priceTooLarge },
  decimals: { max: MAX_PRICE_DECIMALS, message: M.pricePrecise },
});

/**
 * Ids arrive from URLs: any text is accepted here and an id that names nothing (or someone else's portfolio)
 * answers 404 from the service, so malformed, missing and foreign ids look alike.
 */
const idSchema = (requiredMessage: string) => z.string({ error: requiredMessage }).max(10_000, requiredMessage);

export const portfolioIdSchema = z.object({ id: idSchema(M.portfolioNotFound) });

/** Issue 27 §3: the currency every figure of the portfolio is answered in, chosen at creation (USD when absent). */
export const baseCurrencySchema = z
  .string({ error: M.baseCurrencyInvalid })
  .optional()
  .transform((v) => (v ?? DEFAULT_PORTFOLIO_CURRENCY).trim().toUpperCase())
  .pipe(z.enum(PORTFOLIO_CURRENCIES, { error: M.baseCurrencyInvalid }));

export const createPortfolioSchema = z.object({
  name: portfolioNameSchema,
  description: portfolioDescriptionSchema,
  baseCurrency: baseCurrencySchema,
});
export type CreatePortfolioInput = z.input<typeof createPortfolioSchema>;

/** product.md §7: PATCH /api/portfolios/{id} sends totalValue (ignored). A rename or new description may ride along. */
export const updatePortfolioSchema = z.object({
  id: idSchema(M.portfolioNotFound),
  name: portfolioNameSchema.optional(),
  /** Absent leaves the description as it is; null or blank clears it. */
  description: descriptionText.transform((v) => (v === undefined ? undefined : v || null)),
  /** Issue 21: how realised gains are computed. */
  costMethod: z.enum(COST_METHODS, { error: `Cost method must be one of ${COST_METHODS.join(', ')}` }).optional(),
});

export const visibilitySchema = z.object({
  id: idSchema(M.portfolioNotFound),
  isPublic: z.boolean({ error: M.isPublicRequired }),
});

export const holdingFieldsSchema = z.object({
  symbol: z
    .unknown()
    .refine((v) => typeof v === 'string' && v.trim() !== '', { message: M.symbolRequired, abort: true })
    .pipe(symbolSchema),
  quantity: quantitySchema,
  averagePrice: averagePriceSchema,
});

/**
 * Issue 27: the day the shares were bought, 'YYYY-MM-DD' from 1970-01-01 (the server refuses a future one). Absent,
 * null or blank: the holding comes in as a transfer at its market value today (decision 022).
 */
const purchaseDateSchema = z
  .unknown()
  .transform((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v))
  .pipe(
    z
      .string({ error: M.purchaseDateInvalid })
      .trim()
      .refine(isCalendarDate, M.purchaseDateInvalid)
      .refine((v) => !isTooEarlyDate(v), DATE_TOO_EARLY_MESSAGE)
      .nullable(),
  );

export const addHoldingSchema = holdingFieldsSchema.extend({
  id: idSchema(M.portfolioNotFound),
  purchaseDate: purchaseDateSchema.optional().transform((v) => v ?? null),
});
export type AddHoldingInput = z.input<typeof addHoldingSchema>;

export const removeHoldingSchema = z.object({
  id: idSchema(M.portfolioNotFound),
  holdingId: idSchema(M.holdingNotFound),
});

/** Editing a holding sets its quantity and average price outright (no merge); the symbol stays. */
export const editHoldingSchema = z.object({
  id: idSchema(M.portfolioNotFound),
  holdingId: idSchema(M.holdingNotFound),
  quantity: quantitySchema,
  averagePrice: averagePriceSchema,
});
export type EditHoldingInput = z.input<typeof editHoldingSchema>;

/** Issue 27: gives the shares added without a date their purchase date (their transfer in becomes a buy). */
export const purchaseDateOfHoldingSchema = z.object({
  id: idSchema(M.portfolioNotFound),
  holdingId: idSchema(M.holdingNotFound),
  purchaseDate: purchaseDateSchema.refine((v) => v !== null, M.purchaseDateRequired),
});

export const refreshHoldingSchema = z.object({ holdingId: idSchema(M.holdingNotFound) });

export const VALUE_HISTORY_RANGES = ['1M', '6M', '1Y', '5Y'] as const;
export type ValueHistoryRange = (typeof VALUE_HISTORY_RANGES)[number];
export const INVALID_RANGE_MESSAGE = `Invalid range: use one of ${VALUE_HISTORY_RANGES.join(', ')}`;

export const valueHistorySchema = z.object({
  id: idSchema(M.portfolioNotFound),
  range: z
    .string({ error: INVALID_RANGE_MESSAGE })
    .optional()
    .transform((v) => (v ?? '1Y').trim().toUpperCase())
    .refine(
      (v): v is ValueHistoryRange => (VALUE_HISTORY_RANGES as readonly string[]).includes(v),
      INVALID_RANGE_MESSAGE,
    )
    .transform((v) => v),
});

export const importCsvSchema = z.object({
  id: idSchema(M.portfolioNotFound),
  csv: z
    .string({ error: M.csvRequired })
    .max(MAX_IMPORT_CSV_LENGTH, M.csvTooLarge)
    .refine((v) => v.trim() !== '', M.csvRequired),
  /** The answer to the preview's question when the file's dates read both ways (issue 27): day or month first. */
  dateOrder: z.enum(DATE_ORDERS, { error: M.dateOrderInvalid }).nullish(),
});

export const sharedLinkSchema = z.object({ link: z.string({ error: M.sharedNotFound }).max(10_000, M.sharedNotFound) });
