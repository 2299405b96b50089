import { LegalPage, LegalSection } from './components/legal-page';

const CONTACT_PAGE_URL = 'https://acebridge.io/contact';

function ContactPageLink() {
  return (
    <a href={CONTACT_PAGE_URL} target="_blank" rel="noopener noreferrer">
      contact page
    </a>
  );
}

function PrivacyEmailLink() {
  return <a href="mailto:privacy@acebridge.io">privacy@acebridge.io</a>;
}

export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy" lastUpdated="July 20, 2022">
      <p>
        This Privacy Policy explains how AceBridge, Inc. (“AceBridge”, “we”, “us” or “our”)
        collects, uses, shares and protects personal information when you visit acebridge.io,
        register for AWS onboarding, or use the AceBridge application on your company’s tenant
        subdomain to connect Salesforce to the AWS co-sell program (AWS Partner Central and APN
        Customer Engagements, “ACE”) (together, the “Service”).
      </p>
      <p>
        We act in two capacities. For information about the people who hold accounts, about our
        customers as companies and about visitors and prospective customers, AceBridge decides how
        the information is used and is responsible for it. For the lead and opportunity records that
        we synchronise between Salesforce and ACE, we act on behalf of the partner company that
        subscribes to the Service (our “customer”) and process those records only on its
        instructions; that company’s own privacy notice governs them, and requests about them should
        be sent to that company, which we will assist.
      </p>

      <LegalSection id="data-collected" title="Information we collect">
        <p>We collect the following information, depending on how you use the Service:</p>
        <ul>
          <li>
            <strong>Account information:</strong> your first, middle and last names, business e-mail
            address and role (super administrator or user); your password, which we store only in
            hashed form; whether your account is active; and the invitation and password-reset links
            we send you.
          </li>
          <li>
            <strong>Company information:</strong> your company’s name, company e-mail address,
            industry and AWS partner status; the licence key used to set up the tenant; the tenant
            subdomain; and the subscription, environment (Beta or Production) and synchronisation
            settings of the tenant.
          </li>
          <li>
            <strong>Onboarding registrations:</strong> the contact person, e-mail address, telephone
            number and company name submitted through the AWS onboarding form.
          </li>
          <li>
            <strong>Salesforce and AWS connection metadata:</strong> the Salesforce username,
            consumer key, account type and managed-package setting you provide; the AWS account id,
            IAM role ARN, external id and assume-role policy file, or the region, SPM id, S3 bucket
            name and KMS key ARN; and the status of each connection. We use these only to establish
            and maintain the connections you authorise. We do not ask for the password of your
            Salesforce user.
          </li>
          <li>
            <strong>Synced lead and opportunity records:</strong> records that we read from and
            write to your Salesforce organisation and ACE, which may include names, business e-mail
            addresses, telephone numbers, job titles, company names and addresses of your prospects
            and customers together with deal values, stages and notes; your field, picklist and
            dummy-value mappings, sync filters and rules; and the names of new launches. We process
            these records on our customer’s behalf, as described above.
          </li>
          <li>
            <strong>Logs and usage data:</strong> IP address, browser and operating-system type, the
            pages and API endpoints requested, dates and times, and error reports; and sync logs and
            sync errors, which include Salesforce record ids, sync direction, error categories and
            descriptions.
          </li>
          <li>
            <strong>Communications:</strong> the content of the e-mails and support requests you
            send us and our replies.
          </li>
          <li>
            <strong>Cookies and local storage:</strong> as described in{' '}
            <a href="#cookies">Cookies and local storage</a> below.
          </li>
        </ul>
        <p>
          We collect this information directly from you, from the administrator of your company (for
          example when you are invited to a tenant), automatically when you use the Service, from
          Salesforce and AWS through the connections you authorise, and from our payment card
          provider.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="Cookies and local storage">
        <p>
          Cookies are small text files that a website stores in your browser. The application uses
          only the cookies and browser storage that it needs to work securely:
        </p>
        <ul>
          <li>
            <strong>XSRF-TOKEN cookie.</strong> Our servers set this cookie, and the application
            copies its value into an X-XSRF-TOKEN header on every request that changes data. This
            protects your account against cross-site request forgery. It contains a random value and
            no personal information.
          </li>
          <li>
            <strong>Local storage of session tokens.</strong> When you sign in, the application
            keeps your user profile (name, e-mail address and role), your access token and your
            refresh token in your browser’s local storage, so that you stay signed in across pages
            and tabs. During set-up it also keeps the licence key, tenant id and tenant subdomain
            there so that the set-up wizard can resume where you left off. Signing out removes your
            profile and tokens. Anyone with access to your browser profile can read local storage,
            so please sign out on shared devices.
          </li>
          <li>
            <strong>Website analytics.</strong> Our marketing website at acebridge.io may use
            analytics cookies to understand how visitors use it. Where the law requires it, we ask
            for your consent before setting them.
          </li>
        </ul>
        <p>
          You can block or delete cookies and local storage in your browser settings. If you block
          the XSRF-TOKEN cookie or local storage for the application, you will not be able to sign
          in or change data.
        </p>
        <h3>Do Not Track</h3>
        <p>
          Some browsers can send a “Do Not Track” signal to the websites you visit. There is no
          common standard for how websites should respond to such a signal.
        </p>
        <p>
          We do not honour Do Not Track signals: the Service collects and uses information in the
          same way whether or not your browser sends one.
        </p>
      </LegalSection>

      <LegalSection id="use-and-sharing" title="How we use and share information">
        <p>We use the information we collect to:</p>
        <ul>
          <li>
            provide and operate the Service, including signing you in, routing you to your tenant,
            running scheduled and on-demand synchronisations, applying your mappings, filters and
            rules, and showing sync statistics, errors and logs;
          </li>
          <li>set up, monitor and repair your Salesforce and AWS connections;</li>
          <li>
            send you service messages, such as invitations, password-reset e-mails, licence-key and
            onboarding information and notices about changes to the Service;
          </li>
          <li>provide support and respond to your requests;</li>
          <li>bill for subscriptions and keep financial records;</li>
          <li>
            secure the Service and prevent, detect and investigate fraud, abuse and security
            incidents;
          </li>
          <li>
            understand and improve the Service using aggregated or de-identified usage information;
            and
          </li>
          <li>comply with legal obligations and enforce our Terms and Conditions.</li>
        </ul>
        <p>
          Where the law of your country requires a legal basis for processing, we rely on the
          performance of our contract with you or your company, our legitimate interests in
          operating, securing and improving the Service, compliance with legal obligations and,
          where we ask for it, your consent.
        </p>
        <p>We share personal information only as follows:</p>
        <ul>
          <li>
            <strong>With Salesforce and AWS, at your direction.</strong> Synchronisation sends
            records between your Salesforce organisation and AWS ACE. Once received, the data is
            governed by your agreements with those providers and by their privacy policies.
          </li>
          <li>
            <strong>Within your company.</strong> Administrators of your tenant can see the names,
            e-mail addresses and roles of its users, and users can see the tenant’s sync statistics,
            errors and logs.
          </li>
          <li>
            <strong>With service providers.</strong> We use providers of cloud hosting, e-mail
            delivery, error monitoring, customer support and payment processing, who may process
            personal information only on our instructions and under contracts that require them to
            protect it.
          </li>
          <li>
            <strong>For legal reasons.</strong> We may disclose information where we believe in good
            faith that the law, a court order or other legal process requires it, or that disclosure
            is necessary to protect the rights, property or safety of AceBridge, our customers or
            others.
          </li>
          <li>
            <strong>In a business transfer.</strong> Information may be transferred as part of a
            merger, acquisition, financing or sale of assets, subject to this Privacy Policy.
          </li>
          <li>
            <strong>With your consent</strong> or at your direction in other cases.
          </li>
        </ul>
        <p>
          We do not sell personal information, and we do not share it with third parties for
          cross-context behavioural advertising.
        </p>
      </LegalSection>

      <LegalSection id="retention" title="Data retention">
        <p>
          We keep personal information only for as long as we need it for the purposes described in
          this Privacy Policy:
        </p>
        <ul>
          <li>
            Account and company information is kept for as long as the tenant’s subscription is
            active and for up to 90 days afterwards, so that the subscription can be renewed or data
            exported, and is then deleted or anonymised.
          </li>
          <li>
            Connection metadata is kept until you replace it, disconnect the connection or the
            tenant is deleted.
          </li>
          <li>
            Synced records, mappings, filters, sync logs and sync errors are kept while the tenant
            is active and deleted with it. Switching a tenant between the Beta and Production
            environments deletes the sync logs, error logs and custom-attribute mappings of the
            previous environment.
          </li>
          <li>
            Server logs are kept for up to 90 days unless we need them to investigate a security
            incident.
          </li>
          <li>
            Onboarding registrations that do not lead to a subscription are kept for up to 24
            months.
          </li>
          <li>Billing records are kept for as long as tax and accounting laws require.</li>
        </ul>
        <p>
          Deleted data may remain in encrypted backups for a limited period until those backups are
          overwritten in the ordinary course.
        </p>
      </LegalSection>

      <LegalSection id="transfer" title="Data transfers">
        <p>
          AceBridge is based in the United States. We and our service providers may process your
          information in the United States and in other countries whose data-protection laws may
          differ from those of your country. Records synchronised to ACE are processed by AWS in
          accordance with its own terms.
        </p>
        <p>
          When we transfer personal information from the European Economic Area, the United Kingdom
          or Switzerland to a country that has not been recognised as providing an adequate level of
          protection, we rely on appropriate safeguards, such as the standard contractual clauses
          approved by the European Commission and the corresponding United Kingdom and Swiss
          instruments. You may ask us for a copy of those safeguards.
        </p>
        <p>
          If AceBridge is involved in a merger, acquisition or sale of assets, your information may
          be transferred to the successor, which will be required to handle it in accordance with
          this Privacy Policy. We will notify you before your information becomes subject to a
          different privacy policy.
        </p>
      </LegalSection>

      <LegalSection id="payment-processing" title="Payment processing">
        <p>
          Subscription payments by card are processed by a third-party payment card provider that is
          certified as compliant with the Payment Card Industry Data Security Standard (PCI DSS).
          You enter your card details directly into the provider’s payment form, and they are
          transmitted to the provider, not to us. AceBridge does not receive or store your full card
          number or security code.
        </p>
        <p>
          We receive only the information we need to manage your subscription, such as the
          cardholder’s name, billing address, card brand, the last four digits of the card, its
          expiry date and the status of each payment. The provider uses your payment information in
          accordance with its own privacy policy, including to prevent fraud.
        </p>
      </LegalSection>

      <LegalSection id="data-protection-rights" title="Your data-protection rights">
        <p>
          Depending on where you live, including in the European Economic Area and the United
          Kingdom, you may have the right to:
        </p>
        <ul>
          <li>access the personal information we hold about you and receive a copy of it;</li>
          <li>have inaccurate or incomplete personal information corrected;</li>
          <li>have your personal information deleted;</li>
          <li>restrict our processing of your personal information;</li>
          <li>
            object to our processing of your personal information based on our legitimate interests,
            and object at any time to its use for direct marketing;
          </li>
          <li>
            receive personal information you gave us in a structured, commonly used and
            machine-readable format, and have it transmitted to another organisation; and
          </li>
          <li>
            withdraw your consent at any time where we rely on it, without affecting the lawfulness
            of processing before the withdrawal.
          </li>
        </ul>
        <p>
          You can change your password in Company Settings, and your company’s administrator can
          update your name. To exercise any other right, e-mail us at <PrivacyEmailLink /> or use
          our <ContactPageLink />. We may need to verify your identity before acting on a request,
          and we will respond within the period required by applicable law.
        </p>
        <p>
          If your request concerns lead or opportunity records that we process for one of our
          customers, please contact that company directly; we will pass on requests we receive and
          help the company respond. You also have the right to lodge a complaint with the
          data-protection authority where you live or work.
        </p>
      </LegalSection>

      <LegalSection id="children" title="Children’s privacy">
        <p>
          The Service is a business tool intended for adults acting for their employers. We do not
          knowingly collect personal information from children under 13. If we learn that we have
          collected personal information from a child under 13, we will delete it promptly. If you
          believe that a child has provided us with personal information, please contact us at{' '}
          <PrivacyEmailLink />.
        </p>
      </LegalSection>

      <LegalSection id="california-privacy-rights" title="California consumer privacy rights">
        <p>
          This section supplements the rest of this Privacy Policy for residents of California and
          describes their rights under the California Consumer Privacy Act, as amended by the
          California Privacy Rights Act (“CCPA”). It does not apply to records we process on behalf
          of our customers as a service provider; please send requests about those records to the
          customer concerned.
        </p>

        <h3>Categories of personal information</h3>
        <p>
          In the preceding 12 months we have collected the following categories of personal
          information:
        </p>
        <ul>
          <li>
            <strong>Identifiers</strong>, such as your name, business e-mail address, IP address,
            Salesforce username and AWS account id;
          </li>
          <li>
            <strong>Customer records</strong> described in California Civil Code § 1798.80(e), such
            as your name, telephone number, billing address and limited payment card information;
          </li>
          <li>
            <strong>Commercial information</strong>, such as your licence, subscription and payment
            history;
          </li>
          <li>
            <strong>Internet or other electronic network activity information</strong>, such as
            server logs, sync logs and your interactions with the Service;
          </li>
          <li>
            <strong>Professional or employment-related information</strong>, such as your role,
            employer, industry and AWS partner status; and
          </li>
          <li>
            <strong>Sensitive personal information</strong>, limited to your account log-in (your
            e-mail address in combination with your password), which we use only to provide and
            secure the Service and not to infer characteristics about you.
          </li>
        </ul>
        <p>
          We collect these categories from the sources, and use them for the business purposes,
          described in <a href="#data-collected">Information we collect</a> and{' '}
          <a href="#use-and-sharing">How we use and share information</a>. In the preceding 12
          months we have disclosed each category for a business purpose to the categories of
          recipients described in that section. We have not sold personal information or shared it
          for cross-context behavioural advertising, and we do not do so.
        </p>

        <h3>Your rights</h3>
        <p>If you are a California resident, you have the right to:</p>
        <ul>
          <li>
            know the categories and specific pieces of personal information we have collected about
            you, the categories of sources, the business purposes for collecting it and the
            categories of third parties to which we have disclosed it;
          </li>
          <li>request the deletion of personal information we have collected from you;</li>
          <li>request the correction of inaccurate personal information;</li>
          <li>
            opt out of the sale or sharing of your personal information, although we do not sell or
            share it;
          </li>
          <li>
            limit the use of your sensitive personal information, although we use it only for
            purposes that the CCPA permits without offering that right; and
          </li>
          <li>not be discriminated against for exercising any of these rights.</li>
        </ul>

        <h3>How to make a request</h3>
        <p>
          You, or an agent you have authorised in writing, can make a request by e-mail to{' '}
          <PrivacyEmailLink /> or through our <ContactPageLink />. We will verify your identity by
          matching the information you give us with the information we hold, and we may ask an agent
          for proof of the authorisation.
        </p>
        <p>
          We will respond to a verifiable consumer request free of charge within 45 days of
          receiving it.
        </p>
        <p>
          If we reasonably need more time, we may extend that period once by a further 45 days, and
          we will tell you the reason for the extension in writing within the first 45 days.
        </p>
        <p>
          Any disclosures we provide will cover only the 12 months preceding our receipt of your
          request.
        </p>

        <h3>Minors</h3>
        <p>
          We do not sell the personal information of consumers under 16 years of age without
          affirmative authorisation, given by the consumer if at least 13 and under 16 years of age,
          or by a parent or guardian if the consumer is under 13.
        </p>
        <p>
          If you are under 18 years of age, live in California and have an account, you may ask us
          to remove content or information that you have posted on the Service by e-mailing{' '}
          <PrivacyEmailLink />. We will remove it, or make it anonymous, except where the law
          permits or requires us to keep it. Removal does not ensure complete or comprehensive
          removal of content that others have copied or re-posted.
        </p>

        <h3>Shine the Light</h3>
        <p>
          California Civil Code § 1798.83 permits California residents to ask, once a year, free of
          charge, for information about the personal information we have disclosed to third parties
          for their own direct marketing purposes in the preceding calendar year. We do not disclose
          personal information to third parties for their own direct marketing purposes. To make
          such a request, e-mail <PrivacyEmailLink />.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact us">
        <p>
          If you have questions about this Privacy Policy or about how we handle your personal
          information, e-mail us at <PrivacyEmailLink /> or use our <ContactPageLink />.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
