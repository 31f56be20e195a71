interface NumberedCard {
  title: string;
  text: string;
}

/** Three numbered cards in a row: the values on the home page, the principles on the about page. */
export function NumberedCards({ cards }: { cards: readonly NumberedCard[] }) {
  return (
    <ul className="mk-cards mk-cards--three">
      {cards.map((card, index) => (
        <li key={card.title} className="mk-tile mk-tile--raised">
          <span className="mk-badge" aria-hidden="true">
            0{index + 1}
          </span>
          <h3 className="mk-tile__title">{card.title}</h3>
          <p className="mk-tile__text">{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
