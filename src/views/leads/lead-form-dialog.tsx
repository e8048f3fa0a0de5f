import { LEAD_FORMS, type LeadFormKind } from '@/domain/lead-form-definitions';
import { Modal } from '@/views/ui/modal';
import { LeadForm } from './lead-form';

/** A lead form in its modal dialog (spec §2 Lead and inquiry forms, §4 Lead form in a modal). */
export default function LeadFormDialog({ kind, rental, onClose }: { kind: LeadFormKind; rental?: { eid: number; name: string }; onClose: () => void }) {
  const definition = LEAD_FORMS[kind];
  return (
    <Modal isOpen size="small" title={rental ? `${definition.title}: ${rental.name}` : definition.title} onClose={onClose}>
      <LeadForm definition={definition} rental={rental} onClose={onClose} />
    </Modal>
  );
}
