import type { Paraphrases } from '../labels';

/** Greetings, follow-ups that lean on what was said, and what the analyst does not cover (English). */
export const CONVERSATION: Paraphrases = {
  greeting: [
    '(hi|hello|hey|hey there|good morning|good afternoon|good evening|yo|howdy|greetings)[!|.|]',
    '(thanks|thank you|thanks a lot|thank you so much|cheers|great, thanks|perfect, thank you)[!|.|]',
    '(what can you do|help|what do you do|how can you help|what can i ask you|what are you able to do|who are you)[?|]',
    '(hi|hello|hey)[,] (what can you do|how does this work|can you help me)[?|]',
    '(ok|okay|cool|great|nice|got it|awesome)[!|.|]',
  ],
  off_topic: [
    "{PRE} (what's|what is|how is) the weather [today|tomorrow|like|in new york|this weekend]",
    '{PRE} (tell me|give me|do you know) a (joke|story|poem|song|riddle)',
    '{PRE} (write|compose) (a|me a) (poem|song|story|essay|letter)',
    '{PRE} (who won|who will win|what was the score of) the (game|match|super bowl|world cup|football game|election)',
    "{PRE} (what is|what's) the capital of (france|germany|spain|italy|japan)",
    '{PRE} (give me|what is) a (recipe|good recipe) for (pasta|dinner|pancakes|cake)',
    '{PRE} (recommend|suggest) a (movie|film|book|restaurant|song)',
    '{PRE} (translate|say) (this|hello) (in|into) (french|spanish|german)',
    '{PRE} (help me with|do) my (homework|math homework|essay)',
    '{PRE} what are the (lottery|winning) numbers',
    '{PRE} how do i (cook|bake|fix|repair) (a|my) (steak|bread|bike|car)',
    '{PRE} who is (the president|taylor swift|the best football player)',
  ],
  options: [
    '{PRE} (what is|show me) the (options chain|option chain|implied volatility|greeks) (of|for) SYM',
    '{PRE} (should i buy|what about) (calls|puts|call options|put options) on SYM',
    '{PRE} (price|prices) of SYM (options|calls|puts)',
  ],
  insiders: [
    '{PRE} (are|have) insiders (buying|selling|bought|sold) SYM',
    '{PRE} (who owns|institutional ownership of|who are the largest holders of|13f filings for) SYM',
    '{PRE} (what is|show me) the short interest (in|of|on) SYM',
    '{PRE} insider (trading|trades|buying|selling) (at|in|of) SYM',
  ],
  taxes: [
    '{PRE} (how much|what) tax (do i|will i|would i) (pay|owe) (on|if i sell) [my ](SYM|gains|dividends|stocks)',
    '{PRE} (how are|are) (capital gains|dividends|my gains) taxed',
    '{PRE} (tax|taxes) (on|for) [my ](SYM|shares|stocks|gains|dividends)',
    '{PRE} can i (deduct|write off) [my ](losses|SYM losses) (on|from) [my ]taxes',
  ],
  followup: [
    '(and|what about|how about|same for|and for|now|and now|ok and|also|now do|same with|what of) SYM[?|]',
    '(and|what about|how about|same for|and for|ok and) SYM and SYM[?|]',
    '(and|what about|how about|and over|and for|now for|what about over|same but for|how about over|and in) DATE[?|]',
    '(and|what about|how about) (over|for|in|during) [the ]DATE[?|]',
    '(and|what about|how about) SYM (DATE|over DATE|for DATE)[?|]',
    '(and|now|ok,?) (do|show|try) (the same|it|that) (for|with) SYM',
    '(put|show|give me|make) (that|this|it|those|these|them|the answer) (in|as) a table[ please|]',
    '(as|in) a table[ please|]',
    'SYM (too|as well|also)[?|]',
    '(and|plus|also) SYM[?|]',
    '(what about|how about|and) (this week|this month|this year|today|the last year|five years)[?|]',
    'same (question|thing) (for|about|with) SYM',
    '(and|what about) (the other one|the other|the second one|the first one)[?|]',
    '(ok|okay|thanks|cool|great|nice)[,] (and|what about|now) SYM[?|]',
  ],
};
