import type { Sql } from "../../src/db/open.ts";

/**
 * `count` customers with German business names (trade, surname, legal form and city vary
 * independently; ids 1..count in a fresh database), in one INSERT … SELECT from generate_series:
 * 100 000 take a few seconds. Shared by the search tests and the benches (bench/customers.ts,
 * bench/mixed.ts), so both look at the same kind of data. A fourth of the rows have no e-mail, a
 * third no phone, half no website, a fifth notes of up to 280 characters.
 */
export async function seedCustomers(sql: Sql, count: number): Promise<void> {
  await sql`
    insert into customers (name, email, phone, website, notes, status, created_at)
    select
      trade || ' ' || surname || ' ' || form || ', ' || city,
      case when i % 4 <> 0 then lower(translate(surname, 'äöüß', 'aous')) || i || '@example.de' end,
      case when i % 3 <> 0 then '+49 ' || (30 + i % 900) || ' ' || (100000 + i) end,
      case when i % 2 = 0 then 'https://www.' || lower(translate(surname, 'äöüß', 'aous')) || '-' || i || '.de' end,
      case when i % 5 = 0 then repeat('Rückruf vereinbart, Angebot folgt. ', 1 + i % 8) end,
      (array['angerufen', 'in_kontakt', 'keine_rueckmeldung', 'abweisung', 'gespraeche', 'vertrag'])[1 + i % 6],
      now() - make_interval(mins => ${count}::int - i)
    from generate_series(1, ${count}::int) as i,
    lateral (select
      (array['Bäckerei', 'Autohaus', 'Praxis', 'Kanzlei', 'Elektro', 'Café', 'Schreinerei', 'Friseursalon',
             'Steuerbüro', 'Hotel', 'Metzgerei', 'Apotheke', 'Blumenladen', 'Fahrschule', 'Malerbetrieb',
             'Physiotherapie', 'Architekturbüro', 'Reisebüro', 'Optiker', 'Zahnarztpraxis'])[1 + i % 20] as trade,
      (array['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz',
             'Hoffmann', 'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann',
             'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner',
             'Schmitz', 'Krause', 'Meier', 'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann',
             'König', 'Walter', 'Mayer', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller',
             'Weiß', 'Jung', 'Hahn', 'Schubert'])[1 + (i / 20) % 50] as surname,
      (array['GmbH', 'KG', 'e.K.', 'GbR', 'AG', 'UG', '& Söhne', '& Partner'])[1 + (i / 1000) % 8] as form,
      (array['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt', 'Stuttgart', 'Düsseldorf', 'Leipzig',
             'Dortmund', 'Essen', 'Bremen', 'Dresden', 'Hannover', 'Nürnberg', 'Duisburg', 'Bochum',
             'Wuppertal', 'Bielefeld', 'Bonn', 'Münster', 'Mannheim', 'Karlsruhe', 'Augsburg', 'Wiesbaden',
             'Kiel', 'Aachen', 'Rostock', 'Potsdam', 'Freiburg', 'Lübeck', 'Erfurt', 'Mainz', 'Kassel',
             'Halle', 'Magdeburg', 'Oldenburg', 'Osnabrück', 'Heidelberg', 'Darmstadt', 'Regensburg', 'Ulm'])[1 + (i / 8000 + i * 7) % 41] as city
    ) as words`;
  // Fresh statistics and a visibility map, as autovacuum would have them on a database in use.
  await sql`vacuum analyze customers`;
}
