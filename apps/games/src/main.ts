import './styles.css';
import { createApi } from './api.ts';
import { mountStudio } from './app.ts';
import { LANGUAGE_TAGS, loadCatalogue, pickLanguage, translator } from './i18n/i18n.ts';

// /studio/?ticket=<launch ticket>&lang=<my|en|cn|th|vi> — the address the launch call answers.
const params = new URLSearchParams(window.location.search);
const lang = pickLanguage(params.get('lang'));
document.documentElement.lang = LANGUAGE_TAGS[lang];
const root = document.getElementById('app')!;

void loadCatalogue(lang).then((catalogue) =>
  mountStudio({ root, t: translator(catalogue), ticket: params.get('ticket') ?? '', api: createApi(), lang }),
);
