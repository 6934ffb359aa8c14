import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NEWSLETTER_MESSAGES } from "@flockkeeper/shared/schemas/newsletter";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { NewsletterBox } from "./newsletter-box";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const subscribe = () => userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
const email = () => screen.getByLabelText("Email address");
const consent = () => screen.getByLabelText(/I agree to receive/);

describe("NewsletterBox (form kit)", { timeout: 20_000 }, () => {
  it("sends nothing without an email and consent, and says what is missing beside each field", async () => {
    const api = fakeApi(() => [200, { status: "subscribed", message: "x" }]);
    renderWithClient(<NewsletterBox />);
    await subscribe();
    expect(await screen.findByText("Please enter your email address")).toBeInTheDocument();
    expect(email()).toHaveAttribute("aria-invalid", "true");
    expect(
      screen.getByText("Please tick the box to agree to receive the newsletter"),
    ).toBeVisible();
    expect(consent()).toHaveAttribute("aria-invalid", "true");
    expect(api.calls).toHaveLength(0);
  });

  it("refuses an address that is not an email, and consent alone is not enough", async () => {
    const api = fakeApi(() => [200, { status: "subscribed", message: "x" }]);
    renderWithClient(<NewsletterBox />);
    await userEvent.type(email(), "not-an-email");
    await userEvent.click(consent());
    await subscribe();
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(consent()).not.toHaveAttribute("aria-invalid");
    expect(api.calls).toHaveLength(0);
  });

  it("asks for consent when only the email is given (one message, announced)", async () => {
    const api = fakeApi(() => [200, { status: "subscribed", message: "x" }]);
    renderWithClient(<NewsletterBox />);
    await userEvent.type(email(), "hen@example.com");
    await subscribe();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please tick the box to agree to receive the newsletter",
    );
    expect(api.calls).toHaveLength(0);
  });

  it("sends the trimmed email with consent and shows the server's confirmation", async () => {
    const api = fakeApi(({ method, url }) =>
      method === "POST" && url === "/api/newsletter"
        ? [200, { status: "subscribed", message: NEWSLETTER_MESSAGES.subscribed }]
        : undefined,
    );
    renderWithClient(<NewsletterBox />);
    await userEvent.type(email(), "  hen@example.com ");
    await userEvent.click(consent());
    await subscribe();
    expect(await screen.findByTestId("newsletter-confirmation")).toHaveTextContent(
      "Thanks for subscribing",
    );
    expect(api.sent("POST", "/api/newsletter")).toEqual([
      { email: "hen@example.com", consent: true },
    ]);
  });

  it("shows the server's refusal under the form and keeps what was typed", async () => {
    fakeApi(() => [429, { message: "Too many requests, please try again later." }]);
    renderWithClient(<NewsletterBox />);
    await userEvent.type(email(), "hen@example.com");
    await userEvent.click(consent());
    await subscribe();
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests");
    expect(email()).toHaveValue("hen@example.com");
  });
});
