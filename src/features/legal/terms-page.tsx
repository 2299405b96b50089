import { LegalPage, LegalSection } from './components/legal-page';

export function TermsPage() {
  return (
    <LegalPage title="Terms and Conditions" lastUpdated="Jan 5, 2024">
      <p>
        These Terms and Conditions (the “Terms”) govern your access to and use of AceBridge, the web
        application operated by AceBridge, Inc. (“AceBridge”, “we”, “us” or “our”) that connects a
        partner company’s Salesforce CRM to the AWS co-sell program (AWS Partner Central and APN
        Customer Engagements, “ACE”), together with the tenant subdomains we host for our customers,
        the acebridge.io website, our documentation and our support services (together, the
        “Service”).
      </p>
      <p>
        By entering a licence key, accepting these Terms in the set-up wizard, accepting an
        invitation to join a tenant, or otherwise accessing or using the Service, you agree to be
        bound by these Terms and acknowledge our <a href="/privacy-policy">Privacy Policy</a>. If
        you use the Service on behalf of a company or other legal entity (a “Customer”), you
        represent that you have the authority to bind that entity, and “you” refers to both you and
        that entity. If you do not agree to these Terms, you must not use the Service.
      </p>
      <p>
        Where a Customer has signed a separate order form, subscription agreement or master
        agreement with AceBridge, that agreement prevails over these Terms to the extent they
        conflict.
      </p>

      <LegalSection id="proprietary-rights" title="Proprietary rights">
        <p>
          The Service, including its software in source and object code, user interface,
          field-mapping and synchronisation logic, AutoMatch suggestions, documentation, designs,
          text, graphics and the selection and arrangement of all of them, is owned by AceBridge or
          its licensors and is protected by the copyright, trade secret, trademark and other
          intellectual property laws of the United States and other countries. Except for the
          limited licence granted in <a href="#limited-licence">Limited licence</a> below, these
          Terms grant you no right, title or interest in the Service, and all rights not expressly
          granted are reserved by AceBridge.
        </p>
        <p>
          As between you and AceBridge, you retain all rights in the data that you or your users
          submit to the Service or that the Service retrieves at your direction, including lead and
          opportunity records from your Salesforce organisation and from ACE, field and picklist
          mappings, dummy values, sync filters and rules (“Customer Data”). You grant AceBridge a
          worldwide, non-exclusive, royalty-free licence to host, copy, transmit, transform and
          display Customer Data solely as necessary to provide, secure and support the Service,
          including reading records from and writing records to your Salesforce organisation and AWS
          Partner Central as your configuration instructs.
        </p>
        <p>
          AceBridge may collect and analyse technical and usage information about the operation of
          the Service, such as sync volumes, error categories and performance metrics, and may use
          that information in aggregated or de-identified form to operate, secure and improve the
          Service, provided that it does not identify you, your users or your customers.
        </p>
        <p>
          Salesforce, AWS Partner Central and the ACE program are owned and operated by third
          parties. Nothing in these Terms grants you any right to use them; your use of them is
          governed by your own agreements with those providers, including the AWS Partner Network
          terms and the ACE program guidelines.
        </p>
      </LegalSection>

      <LegalSection id="limited-licence" title="Limited licence">
        <p>
          Subject to your continued compliance with these Terms and payment of the applicable fees,
          AceBridge grants you a limited, non-exclusive, non-transferable, non-sublicensable and
          revocable licence, during your subscription term, to access and use the Service through
          your tenant subdomain solely for your internal business purpose of exchanging co-sell
          leads and opportunities between your Salesforce organisation and AWS ACE.
        </p>
        <ul>
          <li>
            <strong>Licence keys.</strong> Each licence key (product key) we issue is confidential,
            belongs to a single Customer and may be used only to activate and set up the tenant for
            which it was issued. You must not share, publish, sell or transfer a licence key, or use
            one key to set up more than one tenant unless your order expressly permits it. We may
            revoke or replace a licence key that we reasonably believe has been disclosed,
            compromised or misused.
          </li>
          <li>
            <strong>Tenant subdomains.</strong> We assign a subdomain to your tenant so that your
            users can reach it. The subdomain is provided for access only; you acquire no ownership
            or other rights in it, and we may change it on reasonable notice, or without notice
            where necessary for security or to resolve a conflict with the rights of a third party.
          </li>
          <li>
            <strong>Accounts and roles.</strong> The user who completes set-up becomes the
            Customer’s super administrator and is responsible for inviting users, assigning roles
            and removing access for users who should no longer have it. You are responsible for all
            activity under your tenant and accounts, for keeping passwords confidential, and for
            notifying us promptly at <a href="mailto:legal@acebridge.io">legal@acebridge.io</a> of
            any unauthorised use.
          </li>
          <li>
            <strong>Beta and production environments.</strong> Features identified as beta, and
            tenants operating in the Beta environment, are provided for evaluation, may change or be
            withdrawn at any time and are excluded from any service-level commitment. Switching a
            tenant between environments is irreversible and deletes the sync logs, dashboard error
            logs and Salesforce custom-attribute mappings of the previous environment, as the
            Service warns before you confirm.
          </li>
        </ul>
        <p>
          This licence ends automatically when your subscription expires or is terminated, or if you
          breach these Terms. On termination you must stop using the Service, and we may disable
          your licence key and tenant subdomain.
        </p>
      </LegalSection>

      <LegalSection id="prohibited-use" title="Prohibited use">
        <p>You must not, and must not permit or help anyone else to:</p>
        <ul>
          <li>
            copy, modify, translate or create derivative works of the Service or any part of it;
          </li>
          <li>
            decompile, disassemble, reverse engineer or otherwise attempt to derive the source code
            or underlying structure of the Service, except to the extent that applicable law
            expressly permits it despite this restriction;
          </li>
          <li>
            sell, resell, rent, lease, sublicense or otherwise make the Service available to any
            third party, including on a time-sharing, service-bureau or managed-service basis,
            unless AceBridge has agreed to it in writing;
          </li>
          <li>remove, alter or obscure any proprietary notice or label on the Service;</li>
          <li>
            access the Service in order to build a competing product or service, or publish
            benchmarks or performance tests of the Service without our prior written consent;
          </li>
          <li>
            use the Service to process or transmit data that you have no right to process, or in a
            way that breaches your agreements with Salesforce, with AWS (including the rules of the
            ACE program on sharing customer and opportunity data) or with your own customers;
          </li>
          <li>
            submit to the Service special categories of personal data, government identification
            numbers, payment card numbers, health information or other sensitive data unless
            AceBridge has agreed in writing to process that data;
          </li>
          <li>
            use the Service in breach of United States or other applicable export control and
            economic sanctions laws, or from a country or by a person subject to comprehensive
            sanctions; or
          </li>
          <li>use the Service for any unlawful, fraudulent or harmful purpose.</li>
        </ul>
      </LegalSection>

      <LegalSection id="trademarks" title="Trademarks">
        <p>
          “AceBridge”, the AceBridge logo and the related names, logos, product and service names,
          designs and slogans are trademarks of AceBridge, Inc. You must not use them without our
          prior written permission, except to identify the Service accurately and in a way that does
          not suggest sponsorship or endorsement by AceBridge.
        </p>
        <p>
          AWS, Amazon Web Services, AWS Partner Network, AWS Partner Central and APN Customer
          Engagements (ACE) are trademarks of Amazon.com, Inc. or its affiliates. Salesforce is a
          trademark of Salesforce, Inc. All other names, logos and marks used in the Service are the
          property of their respective owners. Their appearance in the Service identifies the
          systems that the Service connects to and does not imply that their owners sponsor, endorse
          or are affiliated with AceBridge.
        </p>
        <p>
          Unless you ask us not to by writing to{' '}
          <a href="mailto:legal@acebridge.io">legal@acebridge.io</a>, we may identify the Customer
          by name and logo in lists of our customers. We will not describe your use of the Service
          in more detail without your permission.
        </p>
      </LegalSection>

      <LegalSection id="submitted-materials" title="Submitted materials">
        <p>
          This section applies to material you send us other than Customer Data, such as feedback,
          suggestions, feature requests, bug reports, the content of support requests, testimonials
          and survey responses (“Submitted Materials”). You are not obliged to send us Submitted
          Materials.
        </p>
        <ul>
          <li>
            If you do, you grant AceBridge a perpetual, irrevocable, worldwide, royalty-free, fully
            paid-up, transferable and sublicensable licence to use, reproduce, modify, adapt,
            publish and incorporate the Submitted Materials into its products and services, for any
            purpose and without any obligation or compensation to you.
          </li>
          <li>
            Submitted Materials are not confidential, and AceBridge is under no obligation to use
            them or to respond to them. Please do not include in them confidential information of
            any third party or personal data beyond what is needed to describe your request.
          </li>
          <li>
            You represent that you own or otherwise have the right to send the Submitted Materials
            and that our use of them as permitted by these Terms will not infringe or violate the
            rights of any third party.
          </li>
          <li>
            When you ask us for help with a connection or a sync error, you authorise our support
            staff to access the configuration, logs, mappings and records of your tenant that are
            reasonably needed to investigate and resolve it.
          </li>
        </ul>
        <p>We may remove or disregard any Submitted Materials that violate these Terms.</p>
      </LegalSection>

      <LegalSection id="prohibited-conduct" title="Prohibited conduct">
        <p>When using the Service, you agree that you will not:</p>
        <ul>
          <li>
            attempt to gain unauthorised access to the Service, to another tenant or its data, or to
            any account, system or network connected to the Service, or probe, scan or test the
            vulnerability of the Service without our prior written authorisation;
          </li>
          <li>
            circumvent or attempt to circumvent tenant isolation, authentication, cross-site request
            forgery protection, licence-key checks, rate limits or role permissions, including
            performing or attempting to perform super administrator actions from an ordinary user
            account;
          </li>
          <li>
            upload policy files, documents or other content that contain viruses, malicious code or
            anything designed to interfere with the Service or with Salesforce or AWS systems;
          </li>
          <li>
            send automated requests, scrape the Service or trigger synchronisations at a volume or
            frequency designed to burden the Service or the Salesforce or AWS interfaces it uses;
          </li>
          <li>
            provide credentials or connection details that you are not authorised to use, such as a
            Salesforce username or consumer key, an AWS account id, IAM role ARN, external id,
            assume-role policy, S3 bucket or KMS key belonging to someone else;
          </li>
          <li>
            use field mappings, dummy values or filters to submit false or misleading information to
            AWS ACE or to Salesforce, or to obtain co-sell program benefits to which you are not
            entitled;
          </li>
          <li>
            impersonate any person or misrepresent your affiliation with any person or entity, or
            invite users to a tenant without the Customer’s authorisation; or
          </li>
          <li>
            harass, threaten or defame any person, or use the Service to infringe the intellectual
            property, privacy or other rights of any person.
          </li>
        </ul>
        <p>
          We may investigate suspected violations, suspend or terminate access to the Service, and
          cooperate with law enforcement authorities and with Salesforce or AWS where we reasonably
          believe a violation has occurred.
        </p>
      </LegalSection>

      <LegalSection id="indemnification" title="Indemnification">
        <p>
          You will defend, indemnify and hold harmless AceBridge, its affiliates and their
          respective officers, directors, employees, agents, licensors and suppliers from and
          against all claims, demands, liabilities, damages, judgments, awards, losses, costs and
          expenses, including reasonable attorneys’ fees, arising out of or relating to:
        </p>
        <ul>
          <li>your breach of these Terms;</li>
          <li>
            Customer Data, including any claim that its collection, submission or synchronisation
            through the Service infringes or violates the rights of a third party or applicable law;
          </li>
          <li>
            your use of Salesforce, AWS or any other third-party service in connection with the
            Service, including any breach of the ACE program rules;
          </li>
          <li>your violation of any law or of the rights of any third party; or</li>
          <li>any activity under your tenant, accounts or licence keys.</li>
        </ul>
        <p>
          AceBridge will notify you promptly of any claim for which it seeks indemnification and
          will provide reasonable cooperation at your expense. You may not settle a claim in a way
          that imposes any obligation or admission on AceBridge without its prior written consent.
          AceBridge may participate in the defence of any claim with counsel of its choosing at its
          own expense.
        </p>
      </LegalSection>

      <LegalSection id="third-party-sites" title="Third-party sites and services">
        <p>
          The Service connects to, and contains links to, websites and services operated by third
          parties, including Salesforce, AWS Partner Central and the ACE interfaces, AWS Identity
          and Access Management, Amazon S3, AWS Key Management Service and our payment card provider
          (“Third-Party Services”). AceBridge does not control Third-Party Services and is not
          responsible for their availability, content, security or accuracy, or for changes to their
          interfaces, data models, field definitions or program rules that affect synchronisation.
        </p>
        <p>
          When you authorise a connection, you instruct AceBridge to exchange data with the
          Third-Party Service on your behalf. The provider’s handling of that data is governed by
          your agreement with the provider and by its own terms and privacy policy, which you should
          review.
        </p>
        <p>
          Links to third-party websites are provided for convenience only, and their inclusion does
          not imply that AceBridge endorses them. You access them at your own risk. If a provider
          changes or discontinues a Third-Party Service so that it no longer interoperates with the
          Service on reasonable terms, AceBridge may stop providing the affected features without
          liability to you.
        </p>
      </LegalSection>

      <LegalSection id="copyright-agent" title="Copyright agent">
        <p>
          AceBridge respects the intellectual property rights of others and responds to notices of
          alleged infringement under the Digital Millennium Copyright Act, 17 U.S.C. § 512. If you
          believe that material available through the Service infringes your copyright, please send
          our designated agent a written notice that includes:
        </p>
        <ul>
          <li>
            a physical or electronic signature of a person authorised to act on behalf of the owner
            of the copyright;
          </li>
          <li>identification of the copyrighted work claimed to have been infringed;</li>
          <li>
            identification of the material claimed to be infringing, with information reasonably
            sufficient for us to locate it, such as its web address;
          </li>
          <li>your name, postal address, telephone number and e-mail address;</li>
          <li>
            a statement that you have a good-faith belief that the use of the material is not
            authorised by the copyright owner, its agent or the law; and
          </li>
          <li>
            a statement that the information in the notice is accurate and, under penalty of
            perjury, that you are authorised to act on behalf of the copyright owner.
          </li>
        </ul>
        <p>Our designated copyright agent is:</p>
        <address>
          AceBridge, Inc.
          <br />
          Attn: Copyright Agent
          <br />
          251 Little Falls Drive
          <br />
          Wilmington, DE 19808
          <br />
          E-mail: <a href="mailto:copyright@acebridge.io">copyright@acebridge.io</a>
        </address>
        <p>
          If material you posted was removed in response to a notice and you believe that it was
          removed by mistake or misidentification, you may send the agent a counter-notification
          containing the information required by 17 U.S.C. § 512(g)(3). A person who knowingly
          misrepresents that material is infringing, or that it was removed by mistake, may be
          liable for damages under 17 U.S.C. § 512(f). In appropriate circumstances AceBridge will
          terminate the accounts of users who are repeat infringers.
        </p>
        <p>
          The copyright agent handles only notices of copyright infringement. Please send other
          legal notices to <a href="mailto:legal@acebridge.io">legal@acebridge.io</a>.
        </p>
      </LegalSection>

      <LegalSection id="warranty-disclaimer" title="Disclaimer of warranties">
        <p>
          <strong>
            The Service is provided “as is” and “as available”. To the fullest extent permitted by
            law, AceBridge and its licensors and suppliers disclaim all warranties, whether express,
            implied or statutory, including implied warranties of merchantability, fitness for a
            particular purpose, title and non-infringement, and any warranties arising from course
            of dealing or usage of trade.
          </strong>
        </p>
        <p>Without limiting the foregoing, AceBridge does not warrant that:</p>
        <ul>
          <li>the Service will be uninterrupted, timely, secure or free of errors;</li>
          <li>
            every record will synchronise, or will synchronise at a scheduled time, or that
            Salesforce or AWS will accept the data the Service sends;
          </li>
          <li>
            AutoMatch suggestions, field mappings or dummy values will be correct, complete or
            suitable for your Salesforce configuration; or
          </li>
          <li>
            any lead or opportunity will be accepted by AWS, or that you will obtain any benefit
            under the AWS co-sell program.
          </li>
        </ul>
        <p>
          You are responsible for reviewing your mappings, dummy values, filters and rules, for the
          accuracy of the data you send to AWS, and for keeping backups of your Salesforce data.
          When you allow the Service to create leads or opportunities in Salesforce, it writes
          records to your Salesforce organisation on your behalf.
        </p>
        <p>
          Some jurisdictions do not allow the exclusion of implied warranties, so some of the above
          exclusions may not apply to you to that extent.
        </p>
      </LegalSection>

      <LegalSection id="liability-limit" title="Limitation of liability">
        <p>
          <strong>
            To the fullest extent permitted by law, in no event will AceBridge or its affiliates,
            officers, directors, employees, agents, licensors or suppliers be liable for any
            indirect, incidental, special, consequential, exemplary or punitive damages, or for any
            loss of profits, revenue, business, goodwill, co-sell opportunities or program benefits,
            or for any loss, corruption or inaccuracy of data, or for the cost of substitute
            services, arising out of or relating to these Terms or the Service, however caused and
            under any theory of liability, whether in contract, tort (including negligence), strict
            liability or otherwise, even if AceBridge has been advised of the possibility of such
            damages.
          </strong>
        </p>
        <p>
          <strong>
            AceBridge’s total cumulative liability for all claims arising out of or relating to
            these Terms or the Service will not exceed the greater of (a) the fees you paid to
            AceBridge for the Service in the twelve (12) months immediately preceding the event
            giving rise to the claim, and (b) one hundred United States dollars (US$100).
          </strong>
        </p>
        <p>
          These limitations apply even if a limited remedy fails of its essential purpose, and they
          form an essential basis of the bargain between you and AceBridge. They do not limit
          liability that cannot be limited under applicable law, such as liability for fraud or for
          death or personal injury caused by negligence.
        </p>
        <p>
          To the extent permitted by law, any claim arising out of or relating to these Terms or the
          Service must be brought within one (1) year after the cause of action arises, or it is
          permanently barred.
        </p>
      </LegalSection>

      <LegalSection id="changes-to-terms" title="Changes to these terms">
        <p>
          We may revise these Terms from time to time. We will post the revised Terms on this page
          and update the “Last updated” date above. If a change is material, we will give at least
          thirty (30) days’ notice before it takes effect, by e-mail to the super administrator of
          each tenant or by a notice in the Service, except where the change is required by law or
          to address a security risk, in which case it may take effect immediately.
        </p>
        <p>
          Your continued use of the Service after a change takes effect constitutes your acceptance
          of the revised Terms. If you do not agree to a change, you must stop using the Service,
          and you may terminate your subscription before the change takes effect in accordance with
          your order.
        </p>
        <p>
          We may also change, suspend or discontinue features of the Service. We will make
          reasonable efforts to give advance notice of changes that materially reduce the
          functionality of the Service during a paid subscription term.
        </p>
      </LegalSection>

      <LegalSection id="governing-law" title="Governing law and venue">
        <p>
          These Terms, and any dispute or claim arising out of or relating to them or to the
          Service, are governed by the laws of the State of Delaware, United States of America,
          without regard to its conflict-of-laws rules. The United Nations Convention on Contracts
          for the International Sale of Goods and the Uniform Computer Information Transactions Act
          do not apply.
        </p>
        <p>
          The state and federal courts located in the State of Delaware have exclusive jurisdiction
          and venue over any such dispute or claim. You and AceBridge each irrevocably submit to the
          personal jurisdiction of those courts and waive any objection that they are an
          inconvenient forum. Either party may nevertheless seek injunctive or other equitable
          relief in any court of competent jurisdiction to protect its intellectual property rights
          or confidential information.
        </p>
        <p>
          If any provision of these Terms is held invalid or unenforceable, it will be enforced to
          the maximum extent permissible and the remaining provisions will remain in full force and
          effect. Our failure to enforce any right or provision is not a waiver of it. You may not
          assign these Terms without our prior written consent; we may assign them in connection
          with a merger, acquisition or sale of all or substantially all of our assets. These Terms,
          together with any order or agreement referred to above, are the entire agreement between
          you and AceBridge about the Service.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact us">
        <p>
          Questions about these Terms may be sent to AceBridge, Inc. at{' '}
          <a href="mailto:legal@acebridge.io">legal@acebridge.io</a>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
