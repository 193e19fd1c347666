/**
 * The AI agent button on screen (the chart toolbar's, or the row under the chart on phones), marked
 * data-agent-launcher. Focus goes back to it when the agent closes, also when the agent opened by itself on arrival
 * at /chat and no button was pressed.
 */
export function focusAgentLauncher(): void {
  const buttons = document.querySelectorAll<HTMLElement>('[data-agent-launcher]');
  const visible = [...buttons].find((button) => button.getClientRects().length > 0);
  visible?.focus();
}
