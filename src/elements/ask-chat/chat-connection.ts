import { createChatClient, type ChatClient } from '../../client/chat-client.js';
import type { ClientOptions } from '../../client/create-client.js';
import { resolveClientWith, type ConnectionHost } from '../shared/connection.js';

/**
 * The client a chat asks with, or feedback buttons post with (`resolveClientWith` over the ask
 * and feedback operations). The chat's behaviour and the buttons' first vote import this module,
 * so a page carries no client code before then.
 */
export function chatClientOf<C extends Partial<ChatClient>>(host: ConnectionHost<C>): C {
  // A ChatClient has every operation C may name.
  return resolveClientWith(host, createChatClient as (options: ClientOptions) => ChatClient & C);
}
