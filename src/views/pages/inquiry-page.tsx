import { useLoaderData } from 'react-router';
import type { InquiryPage as InquiryPageData } from '@/domain/content';
import { JumpMenu } from '@/views/shell/jump-menu';

/** The inquiry page (spec §2 Lead and inquiry forms): choosing a property navigates to it. */
export function InquiryPage() {
  const page = useLoaderData() as InquiryPageData;
  return (
    <div className="page page--inquiry">
      <h1>{page.title}</h1>
      <p className="lead">{page.intro}</p>
      <div className="field_inquiry_properties">
        <JumpMenu
          label="Which property are you asking about?"
          placeholder="Choose a property"
          options={page.properties.map((p) => ({ label: p.label, value: p.value }))}
        />
      </div>
    </div>
  );
}
