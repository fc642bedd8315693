import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The frame of every page: a heading and its content. */
export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <div className={styles.head}>
        <h1 id="page-title" className={styles.title}>
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={[styles.card, className ?? ''].join(' ')}>{children}</div>;
}
