/**
 * Words that carry no topic, left out of the index and of queries: English function words, and
 * the phrasing visitors wrap a question in ("how do I", "is it possible to", "I want to").
 */
export const STOP_WORDS: readonly string[] = [
  'a', 'about', 'above', 'after', 'again', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at',
  'be', 'because', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'by',
  'can', 'cannot', 'could', 'did', 'do', 'does', 'doing', 'done', 'down', 'during',
  'each', 'either', 'else', 'etc', 'ever', 'every', 'few', 'for', 'from', 'further',
  'had', 'has', 'have', 'having', 'he', 'her', 'here', 'hers', 'him', 'his', 'how', 'however',
  'i', 'if', 'in', 'into', 'is', 'it', 'its', 'itself', 'just', 'let', 'lets', 'me', 'might', 'more', 'most', 'much', 'must', 'my',
  'need', 'needs', 'no', 'nor', 'not', 'now', 'of', 'off', 'often', 'on', 'once', 'only', 'or', 'other', 'our', 'ours', 'out', 'over', 'own',
  'please', 'possible', 'quite', 'rather', 'really', 'same', 'shall', 'she', 'should', 'so', 'some', 'such',
  'than', 'that', 'the', 'their', 'theirs', 'them', 'then', 'there', 'these', 'they', 'this', 'those', 'through', 'thus', 'to', 'too',
  'under', 'until', 'up', 'upon', 'us', 'very', 'via', 'was', 'way', 'ways', 'we', 'were', 'what', 'whats', 'when', 'where', 'whether', 'which', 'while',
  'who', 'whom', 'whose', 'why', 'will', 'with', 'within', 'without', 'would', 'yes', 'yet', 'you', 'your', 'yours', 'yourself',
  'want', 'wants', 'wanted', 'anyone', 'someone', 'something', 'anything', 'thing', 'things', 'dont', 'doesnt', 'isnt', 'cant', 'im', 'ive', 'id',
];
