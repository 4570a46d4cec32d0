// What other features may use of quotes (the linter forbids reaching past this file).
export { lastSentQuote, rememberSentQuote, type SentQuote, sentQuotesFor } from "./lib/sent-quotes";
