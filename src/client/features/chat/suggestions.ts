/** Suggested first questions (product.md §2): one set with a chart in view, one without. */
export function suggestionsFor(symbol: string | null): string[] {
  if (symbol) {
    return [
      `What's the outlook for ${symbol}?`,
      `Is ${symbol} in an uptrend?`,
      `How volatile is ${symbol}?`,
      `Show a 1-month forecast for ${symbol}`,
    ];
  }
  return [
    'How is my portfolio doing?',
    'Compare AAPL and MSFT',
    "What's the outlook for NVDA?",
    'How volatile is Bitcoin?',
    'What does P/E mean?',
  ];
}
