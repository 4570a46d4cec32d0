// What other features may use of conversations (the linter forbids reaching past this file).

export { conversationQueryOptions, useConversation } from "./api/conversation";
export { ConversationDialog } from "./components/conversation-dialog";
export { ConversationFromLink } from "./components/conversation-from-link";
export { MessagesButton } from "./components/messages-button";
