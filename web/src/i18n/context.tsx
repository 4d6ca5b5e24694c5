// The language of the page as a Preact context: `useT()` gives the current `t`, `useLang()` the
// language and a setter (which loads the texts, stores the choice and re-renders everything).
import { createContext } from 'preact';
import { useCallback, useContext, useEffect, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { Translator, englishTranslator, loadMessages, storeLang, type Lang, type Args } from './i18n';

interface LangState {
  tr: Translator;
  setLang: (lang: Lang) => void;
}

const LangContext = createContext<LangState>({ tr: englishTranslator, setLang: () => {} });

export function LangProvider(props: { initial: Translator; children: ComponentChildren }) {
  const [tr, setTr] = useState<Translator>(props.initial);
  const setLang = useCallback((lang: Lang) => {
    storeLang(lang);
    void loadMessages(lang).then((m) => setTr(new Translator(lang, m)));
  }, []);
  useEffect(() => {
    document.documentElement.lang = tr.lang;
  }, [tr]);
  return <LangContext.Provider value={{ tr, setLang }}>{props.children}</LangContext.Provider>;
}

export function useT(): (key: string, args?: Args) => string {
  return useContext(LangContext).tr.t;
}

export function useLang(): { lang: Lang; setLang: (lang: Lang) => void; tr: Translator } {
  const { tr, setLang } = useContext(LangContext);
  return { lang: tr.lang, setLang, tr };
}
