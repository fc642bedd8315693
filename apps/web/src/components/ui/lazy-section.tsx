import { Suspense, useRef, type ReactNode } from 'react';
import { useNearViewport } from '@/lib/use-near-viewport';

/**
 * A below-the-fold section whose code and data load only when its place comes near the viewport
 * (the home page's first load stays small); `className` keeps its room meanwhile, so its arrival
 * does not push what follows (layout shift). `children` renders the lazy component.
 */
export function LazySection({
  className,
  testId,
  margin,
  children,
}: {
  className?: string;
  testId?: string;
  /** How near (CSS margin, e.g. '100%': a screen away); 200px by default. */
  margin?: string;
  children: () => ReactNode;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const near = useNearViewport(anchor, margin);
  return (
    <div ref={anchor} className={className} data-testid={testId}>
      {near ? <Suspense fallback={null}>{children()}</Suspense> : null}
    </div>
  );
}
