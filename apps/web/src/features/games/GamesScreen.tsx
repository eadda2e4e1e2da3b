import { GAME_TYPES } from '@school/contract/games';
import { Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import controls from '../../components/controls.module.css';
import { HeaderBlock } from '../../components/HeaderBlock';
import { GAME_KINDS } from './gamesApi';
import styles from './Games.module.css';

/** /games (docs/screens.md): a card per kind of game, and the sets. */
export function GamesScreen() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBlock title={t('titles.games')} />
      <ul className={styles.cards}>
        {GAME_TYPES.map((type) => {
          const kind = GAME_KINDS[type];
          return (
            <li key={type}>
              <Link className={`${controls.card} ${styles.card}`} to={kind.list}>
                <strong>{t(kind.title)}</strong>
                <span>{t(`games.kinds.${kind.words}.about`)}</span>
              </Link>
            </li>
          );
        })}
        <li>
          <Link className={`${controls.card} ${styles.card}`} to="/set">
            <strong>
              <Layers size={16} aria-hidden="true" /> {t('titles.set')}
            </strong>
            <span>{t('games.setsAbout')}</span>
          </Link>
        </li>
      </ul>
    </>
  );
}
