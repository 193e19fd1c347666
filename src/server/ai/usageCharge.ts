import type { UsageFeature } from '../../shared/limits';

/**
 * What the agent needs from the daily limits, and no more: the caller hands it a meter (AppDeps.usage, built by
 * modules/usage in the composition root), so the AI layer never imports a feature. A tool that does extra work (a
 * forecast graph) takes a unit through it; the agent gives the units back when the answer fails.
 */
export interface ChargedUnit {
  /** Gives the unit back (once; later calls do nothing). */
  refund(): Promise<void>;
}

export interface UsageMeter<Unit extends ChargedUnit = ChargedUnit> {
  /** Takes one unit of `feature` for `userId`; throws the 429 error at the limit. */
  reserve(userId: string, feature: UsageFeature): Promise<Unit>;
}
