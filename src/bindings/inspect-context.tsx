import { createContext, useContext, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import type { LeafletLoader } from '@/effects/location-map';

type Inspect = (event: InspectionEvent) => void;

const InspectContext = createContext<Inspect | undefined>(undefined);

/**
 * The inspector of the actors that views make for themselves (a pager, a lazy background, a
 * location map): the model tests hand one in to see what those actors do; pages have none.
 */
export function InspectProvider({ inspect, children }: { inspect: Inspect; children: ReactNode }) {
  return <InspectContext.Provider value={inspect}>{children}</InspectContext.Provider>;
}

export function useInspect(): Inspect | undefined {
  return useContext(InspectContext);
}

const LeafletLoaderContext = createContext<LeafletLoader | undefined>(undefined);

/** A stand-in for the Leaflet import (the model tests' boundary); pages load the real one. */
export function LeafletLoaderProvider({ load, children }: { load: LeafletLoader; children: ReactNode }) {
  return <LeafletLoaderContext.Provider value={load}>{children}</LeafletLoaderContext.Provider>;
}

export function useLeafletLoader(): LeafletLoader | undefined {
  return useContext(LeafletLoaderContext);
}
