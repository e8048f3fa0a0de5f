import { useLoaderData } from 'react-router';
import type { InquiryPage as InquiryPageData } from '@/domain/content';
import { LeadFormButton } from '@/views/leads/lead-form-button';
import { JumpMenu } from '@/views/shell/jump-menu';

/**
 * The inquiry / contact page (spec §2 Lead and inquiry forms; at /inquiry and /contact): the
 * property select (searchable) navigates to the chosen property; the contact and newsletter forms open in
 * their modals.
 */
export function InquiryPage() {
  const page = useLoaderData() as InquiryPageData;
  return (
    <div className="page page--inquiry">
      <h1>{page.title}</h1>
      <p className="lead">{page.intro}</p>
      <div className="contact-actions">
        <LeadFormButton kind="contact" className="button button--primary">
          Write to us
        </LeadFormButton>
        <LeadFormButton kind="newsletter" className="button button--secondary" id="newsletter">
          Subscribe to the newsletter
        </LeadFormButton>
      </div>
      <div className="field_inquiry_properties">
        <JumpMenu
          label="Which property are you asking about?"
          placeholder="Type a property name"
          options={page.properties.map((p) => ({ label: p.label, value: p.value }))}
          searchable={{ name: 'field_inquiry_properties', description: 'Choose a property to go to its page.' }}
        />
      </div>
    </div>
  );
}
