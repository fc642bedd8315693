import { useTranslation } from 'react-i18next';
import { formatMinor, type PvpRoom } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useStatus } from '@/lib/status';
import { useRoomList } from '../api/get-room-list';
import styles from './games.module.css';

/** PVP card rooms (relay GLS2_roomList): name, stake, seats taken of seats, status; join launches the room's game. */
export function RoomList({ vassalage, onJoin }: { vassalage?: string; onJoin: (room: PvpRoom) => void }) {
  const { t } = useTranslation();
  const rooms = useRoomList(vassalage);
  const currency = useStatus().data?.merchant.currency ?? '';
  const money = (minor: number) => `${currency} ${formatMinor(minor)}`.trim();

  let body;
  // One row of cards of a fixed height, also while loading: the lobby below never moves (CLS).
  if (rooms.isPending)
    body = (
      <div className={styles.roomsRow} role="status" aria-live="polite">
        <span className="visually-hidden">{t('games.rooms.loading')}</span>
      </div>
    );
  else if (rooms.isError)
    body = (
      <div className={styles.roomsRow}>
        <ErrorState messageKey={errorKey(rooms.error)} onRetry={() => void rooms.refetch()} />
      </div>
    );
  else if (rooms.data.length === 0)
    body = <p className={`${styles.popupText} ${styles.roomsRow}`}>{t('games.rooms.empty')}</p>;
  else
    body = (
      <ul className={`${styles.rooms} ${styles.roomsRow}`}>
        {rooms.data.map((room) => (
          <li key={room.id} className={styles.room}>
            <div className={styles.roomHead}>
              <h3 className={styles.roomName}>{room.name}</h3>
              <span className={styles.status} data-status={room.status}>
                {t(`games.rooms.status.${room.status}`)}
              </span>
            </div>
            <dl className={styles.roomFacts}>
              <dt>{t('games.rooms.stake')}</dt>
              <dd>{money(room.stake)}</dd>
              <dt>{t('games.rooms.min_balance')}</dt>
              <dd>{money(room.minBalance)}</dd>
              <dt>{t('games.rooms.seats')}</dt>
              <dd>{t('games.rooms.seats_value', { taken: room.seatsTaken, seats: room.seats })}</dd>
            </dl>
            <Button
              size="s"
              disabled={room.status !== 'open'}
              aria-label={t('games.rooms.join_room', { name: room.name })}
              onClick={() => onJoin(room)}
            >
              {t('games.rooms.join')}
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <section className={styles.section} aria-labelledby="pvp-rooms">
      <h2 id="pvp-rooms" className={styles.sectionTitle}>
        {t('games.rooms.title')}
      </h2>
      {body}
    </section>
  );
}
