/**
 * The machine suggestions a translator took in one version form (decision 0218): their texts, so a segment holding
 * one shows the "machine" mark until edited, and each save tells the server how many such segments its text holds
 * (recorded with the revision, shown in History). `enabled`: a provider is configured (the editor's loader says so);
 * otherwise nothing of machine translation is shown.
 */
import { createContext, useCallback, useContext, useMemo, useState } from "react";

export interface MachineMarks {
  enabled: boolean;
  taken: ReadonlySet<string>;
  take: (text: string) => void;
}

const OFF: MachineMarks = { enabled: false, taken: new Set(), take: () => {} };

export const MachineMarksContext = createContext<MachineMarks>(OFF);

export const useMachineMarks = () => useContext(MachineMarksContext);

/** The form's marks: kept for the life of the form (switching views, saving), gone when it is opened again. */
export function useMachineMarksState(enabled: boolean): MachineMarks {
  const [taken, setTaken] = useState<ReadonlySet<string>>(() => new Set());
  const take = useCallback((text: string) => setTaken((previous) => new Set(previous).add(text)), []);
  return useMemo(() => ({ enabled, taken, take }), [enabled, taken, take]);
}
