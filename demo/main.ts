// The demo page: registers the elements and gives the chat its starter questions.
import '../src/define.js';

const chat = document.querySelector('ask-chat');
if (chat) {
  chat.suggestions = [
    'How do I add the search box to my site?',
    'Which events does the chat fire?',
    'How do I run the service over my own documents?',
  ];
}
