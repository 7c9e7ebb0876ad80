// SPDX-License-Identifier: Apache-2.0
import {
  affinityProblems,
  configureProblems,
  encryptionProblems,
  identityProblems,
  imagesProblems,
  type Problems,
  securityProblems,
} from './validation';
import type { WizardForm } from './wizard-form';

export type StepId =
  | 'setup'
  | 'configure'
  | 'images'
  | 'placement'
  | 'identity'
  | 'security'
  | 'encryption'
  | 'review';

export const stepLabels: Record<StepId, string> = {
  setup: 'Setup',
  configure: 'Configure',
  images: 'Images',
  placement: 'Pod Placement',
  identity: 'Identity Provider',
  security: 'Security',
  encryption: 'Encryption',
  review: 'Review',
};

/** Spec 3 §2: Setup, then the advanced-only steps, then Review. */
export function wizardSteps(advanced: boolean): StepId[] {
  return advanced
    ? ['setup', 'configure', 'images', 'placement', 'identity', 'security', 'encryption', 'review']
    : ['setup', 'review'];
}

/** Each advanced step's problems (spec 3 §4: page validity is tracked per step). */
export function advancedProblems(f: WizardForm): Record<Exclude<StepId, 'setup' | 'review'>, Problems> {
  return {
    configure: configureProblems(f.configure),
    images: imagesProblems(f.images),
    placement: affinityProblems(f.affinity),
    identity: identityProblems(f.identityProvider),
    security: securityProblems(f.security),
    encryption: encryptionProblems(f.encryption, f.security),
  };
}
