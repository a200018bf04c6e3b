import { defineMessages } from '../../lib/i18n';

/** "Sites that may embed this calculator" in the editor's settings. */
export const embedDomainsMessages = defineMessages(
  {
    label: 'Sites that may embed this calculator',
    hintOpen:
      'Empty: every site may embed it. One site a line, e.g. example.com, *.example.com or http://127.0.0.1:5174.',
    hintListed:
      'Only these sites may embed it. One site a line, e.g. example.com, *.example.com or http://127.0.0.1:5174.',
    // The server's words for the same problems (server/src/domain/embed_domains.rs).
    notASite: '"{entry}" is not a site (write example.com, *.example.com or http://127.0.0.1:5174)',
    tooMany: '{count} sites: at most {max} may embed a calculator',
  },
  {
    label: 'Сайты, которые могут встраивать этот калькулятор',
    hintOpen:
      'Пусто: встраивать его может любой сайт. По одному сайту в строке, например example.com, *.example.com или http://127.0.0.1:5174.',
    hintListed:
      'Встраивать его могут только эти сайты. По одному сайту в строке, например example.com, *.example.com или http://127.0.0.1:5174.',
    notASite: '«{entry}» — не сайт (пишите example.com, *.example.com или http://127.0.0.1:5174)',
    tooMany: 'Сайтов в списке: {count}, а встраивать калькулятор могут не больше {max}',
  },
);
