import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

type SetTitle = (screen: string | null) => void;

const DocumentTitleContext = createContext<SetTitle>(() => undefined);

/** Keeps document.title as "<screen> · <brand name>" (or the brand name alone). */
export function DocumentTitleProvider({ brandName, children }: { brandName: string; children: ReactNode }) {
  const [screen, setScreen] = useState<string | null>(null);
  useEffect(() => {
    document.title = screen ? `${screen} · ${brandName}` : brandName;
  }, [screen, brandName]);
  const set = useCallback<SetTitle>((title) => setScreen(title), []);
  return <DocumentTitleContext.Provider value={set}>{children}</DocumentTitleContext.Provider>;
}

export function useDocumentTitle(): SetTitle {
  const set = useContext(DocumentTitleContext);
  useEffect(() => () => set(null), [set]);
  return set;
}
