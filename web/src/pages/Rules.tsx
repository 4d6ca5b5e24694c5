// /rules and /rules/LANG: the rules in the project's own words (the same short texts as the
// terminal game's help, plus the web's), with pictures of the 15-card display and of clearing
// around the corner. /rules/LANG shows that language whatever the page's language is.
import { useEffect, useState } from 'preact/hooks';
import { useLang } from '../i18n/context';
import { LANGUAGES, LANGUAGE_NAMES, Translator, isLang, loadMessages } from '../i18n/i18n';
import { onLinkClick } from '../app/router';
import { CornerPicture, DisplayPicture } from './RulesPictures';
import { RulesSummary } from './RulesSummary';

export function Rules(p: { lang: string | null }) {
  const page = useLang();
  const wanted = isLang(p.lang) ? p.lang : page.lang;
  const [tr, setTr] = useState<Translator | null>(wanted === page.lang ? page.tr : null);
  useEffect(() => {
    if (wanted === page.lang) setTr(page.tr);
    else void loadMessages(wanted).then((m) => setTr(new Translator(wanted, m)));
  }, [wanted, page.tr]);
  if (!tr) return null;
  const t = tr.t;
  return (
    <article class="page rules" lang={tr.lang}>
      <h1>{t('web.rules.title')}</h1>
      <p class="lead">{t('help.rules_goal')}</p>
      <nav class="rules-langs" aria-label={t('web.rules.languages')}>
        {LANGUAGES.map((l) => (
          <a key={l} href={`/rules/${l}`} lang={l} aria-current={l === tr.lang ? 'page' : undefined} onClick={(e) => onLinkClick(e, `/rules/${l}`)}>
            {LANGUAGE_NAMES[l]}
          </a>
        ))}
      </nav>
      <RulesSummary t={t} />
      <section>
        <h2>{t('web.rules.h_setup')}</h2>
        <p>{t('web.rules.setup')}</p>
      </section>
      <section>
        <h2>{t('web.rules.h_display')}</h2>
        <p>{t('web.rules.display')}</p>
        <figure>
          <DisplayPicture label={t('web.rules.display_picture')} you={t('web.rules.pic_you')} neighbour={t('web.rules.pic_neighbour')} display={t('web.rules.pic_display')} />
          <figcaption>{t('web.rules.display_caption')}</figcaption>
        </figure>
      </section>
      <section>
        <h2>{t('web.rules.h_turn')}</h2>
        <p>{t('help.rules_turn')}</p>
      </section>
      <section>
        <h2>{t('web.rules.h_clear')}</h2>
        <p>{t('help.rules_clear')}</p>
        <p>{t('web.rules.corner')}</p>
        <figure>
          <CornerPicture label={t('web.rules.corner_picture')} before={t('web.rules.pic_before')} after={t('web.rules.pic_after')} />
          <figcaption>{t('web.rules.corner_caption')}</figcaption>
        </figure>
      </section>
      <section>
        <h2>{t('web.rules.h_knock')}</h2>
        <p>{t('help.rules_knock')}</p>
      </section>
      <section>
        <h2>{t('web.rules.h_end')}</h2>
        <p>{t('help.rules_end')}</p>
        <p>{t('web.rules.scoring')}</p>
      </section>
      <section>
        <h2>{t('web.rules.h_variants')}</h2>
        <p>{t('web.rules.small')}</p>
        <p>{t('web.rules.variants')}</p>
      </section>
    </article>
  );
}
