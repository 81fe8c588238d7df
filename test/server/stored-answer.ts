import type { InsightRow } from '../../src/server/store/store.js';

/**
 * An answer as the store keeps it, for tests that write rows straight into a database: the
 * install question answered from the install page, with the fields a test names. The resolved
 * query is the query unless given.
 */
export function storedAnswer(
  fields: Pick<InsightRow, 'insightId' | 'conversationId' | 'createdAt'> & Partial<InsightRow>,
): InsightRow {
  const query = fields.query ?? 'How do I install it?';
  return {
    projectId: 'demo',
    agentId: 'docs',
    query,
    resolvedQuery: query,
    answer: 'Run npm install.',
    format: 'markdown',
    didAnswer: true,
    relevanceScore: 80,
    title: 'Install',
    link: '/guides/install',
    contextJson: '{}',
    ...fields,
  };
}
