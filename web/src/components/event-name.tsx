import { isLocale, type Locale, mainLocaleOf, textIn } from '@evt/contracts/locale';

/**
 * An event's name on a page in `page`'s language: the version written for it, else the main
 * language's, with the language it is really in.
 */
export const eventNameOnPage = (
  event: { main: string; versions: Partial<Record<Locale, string>>; languages: readonly string[] },
  page: Locale,
) =>
  textIn(
    {
      main: event.main,
      mainLocale: mainLocaleOf(event.languages.filter(isLocale)),
      versions: event.versions,
    },
    page,
  );

type Shown = ReturnType<typeof eventNameOnPage>;

/** The name, marked with its language when it is not the page's (screen readers switch voice). */
export function EventName({ name, page }: { name: Shown; page: Locale }) {
  return <span lang={name.locale === page ? undefined : name.locale}>{name.text}</span>;
}

const MARK = '\u2063';

/** A sentence of the page around the event's name (`sentence(name)`), the name alone marked. */
export function WithEventName({
  sentence,
  name,
  page,
}: {
  sentence: (event: string) => string;
  name: Shown;
  page: Locale;
}) {
  const [before, ...after] = sentence(MARK).split(MARK);
  if (after.length === 0) return <>{before}</>;
  return (
    <>
      {before}
      <EventName name={name} page={page} />
      {after.join(name.text)}
    </>
  );
}
