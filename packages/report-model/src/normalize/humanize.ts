/** `per_wallet_exposure` → "Per wallet exposure"; `queue-optimizer` → "Queue optimizer". */
export function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words === "" ? key : words.charAt(0).toUpperCase() + words.slice(1);
}
