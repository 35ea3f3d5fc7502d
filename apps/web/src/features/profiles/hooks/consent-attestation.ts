import type { TConsentAttestation } from '@centinela/shared';
import { createContext, useContext } from 'react';

/**
 * The "Add profile" dialog's consent checkbox, for the forms under it: the attestation to send
 * (absent when not ticked) and whether submitting must wait for it (the owner requires one).
 */
export type ConsentAttestationState = { attestation?: TConsentAttestation; blocked: boolean };

export const ConsentAttestationContext = createContext<ConsentAttestationState>({ blocked: false });

export const useConsentAttestation = () => useContext(ConsentAttestationContext);
