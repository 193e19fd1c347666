import type { Activity, CostMethod, PerformanceRange } from '../../../../shared/portfolio/ledger/types';
import { parseActivity, type ParsedActivity } from './parse';
import type { Closes } from './valuation';
import type { Walker } from './walk';

/**
 * What a caller may keep between performance answers for one portfolio, so that appending an activity (the usual
 * edit: something happened today) replays only the last days instead of ten years.
 *
 * It holds the parsed activities (by their content, so an edited activity is parsed again) and a checkpoint: the
 * walk stopped at the close of the day before the last activity's day, for one set of inputs. The checkpoint is
 * used only when everything it depends on is unchanged: the same cost method, range, today, benchmark, the same
 * closes object (new prices are a new map, so a full walk), the same first day, and the same activities, in the same
 * order, up to the checkpoint. Anything else is a full walk, which also takes a new checkpoint: a stale answer
 * cannot come out of it, only a slower one.
 */
export class PerformanceMemo {
  private parsed = new Map<string, ParsedActivity>();
  private checkpoint: {
    inputs: string;
    closes: Closes;
    keys: string[];
    /** Splits after the checkpoint: prices before them are scaled by their ratios, so they must not change. */
    laterSplits: string;
    walker: Walker;
  } | null = null;

  /** Parses each activity once per content; forgets activities no longer in the ledger. */
  parse(activities: readonly Activity[]): { parsed: ParsedActivity[]; keys: string[] } {
    const next = new Map<string, ParsedActivity>();
    const keys: string[] = [];
    const parsed = activities.map((activity) => {
      const key = activityKey(activity);
      const known = this.parsed.get(key) ?? next.get(key) ?? parseActivity(activity);
      next.set(key, known);
      keys.push(key);
      return known;
    });
    this.parsed = next;
    return { parsed, keys };
  }

  /** A copy of the checkpoint to go on from, or null when it does not fit these inputs. */
  resume(inputs: MemoInputs, activities: readonly ParsedActivity[], keys: readonly string[]): Walker | null {
    const checkpoint = this.checkpoint;
    if (!checkpoint || checkpoint.inputs !== inputsKey(inputs) || checkpoint.closes !== inputs.closes) return null;
    const { lastDay, applied } = checkpoint.walker.position;
    if (applied > keys.length || (applied < activities.length && activities[applied].day <= lastDay)) return null;
    for (let i = 0; i < applied; i++) if (keys[i] !== checkpoint.keys[i]) return null;
    if (laterSplits(activities, keys, applied) !== checkpoint.laterSplits) return null;
    return checkpoint.walker.clone(activities);
  }

  save(inputs: MemoInputs, activities: readonly ParsedActivity[], keys: readonly string[], walker: Walker): void {
    const { applied } = walker.position;
    this.checkpoint = {
      inputs: inputsKey(inputs),
      closes: inputs.closes,
      keys: keys.slice(0, applied),
      laterSplits: laterSplits(activities, keys, applied),
      walker,
    };
  }
}

export interface MemoInputs {
  method: CostMethod;
  range: PerformanceRange;
  today: string;
  benchmark: string;
  closes: Closes;
  from: number;
}

function laterSplits(activities: readonly ParsedActivity[], keys: readonly string[], from: number): string {
  const splits: string[] = [];
  for (let i = from; i < activities.length; i++) if (activities[i].kind === 'split') splits.push(keys[i]);
  return splits.join('\n');
}

function inputsKey(inputs: MemoInputs): string {
  return [inputs.method, inputs.range, inputs.today, inputs.benchmark, inputs.from].join('|');
}

function activityKey(activity: Activity): string {
  const { id, type, date, symbol, quantity, price, fee, amount, ratio } = activity;
  return [id, type, date, symbol, quantity, price, fee, amount, ratio].join('\u0000');
}
