import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReauthContext, type Reauth } from "@/lib/reauth";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { DeleteAccountCard } from "./delete-account-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** No "Confirm it's you" here: the deletion simply runs. */
const reauth: Reauth = { guard: (action) => action(), ensureRecent: async () => {} };
/** The dialog's code loads on first use: give it time on a busy machine. */
const SLOW = { timeout: 5000 };

function renderCard(email: string | null, answer: () => readonly [number, unknown]) {
  const api = fakeApi(({ method, url }) =>
    method === "DELETE" && url === "/api/account" ? answer() : undefined,
  );
  renderWithClient(
    <ReauthContext.Provider value={reauth}>
      <DeleteAccountCard email={email} />
    </ReauthContext.Provider>,
  );
  return api;
}

async function openDialog() {
  fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
  return screen.findByRole("dialog", { name: "Delete your account?" }, SLOW);
}

describe("DeleteAccountCard (form kit)", { timeout: 20_000 }, () => {
  it("names an empty or wrong email at the field and sends nothing", async () => {
    const api = renderCard("ada@example.com", () => [204, null]);
    const dialog = await openDialog();
    const input = within(dialog).getByLabelText("Type your email (ada@example.com) to confirm");
    const submit = within(dialog).getByRole("button", { name: "Delete everything" });

    fireEvent.click(submit);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Please type your email to confirm",
    );
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAttribute("aria-describedby", "confirm-email-error");

    fireEvent.change(input, { target: { value: "someone@else.org" } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent(
        "The email you typed does not match your account",
      ),
    );
    expect(api.sent("DELETE", "/api/account")).toHaveLength(0);
  });

  it("sends the typed email (case and spaces aside) and shows the server's refusal", async () => {
    const api = renderCard("ada@example.com", () => [
      400,
      { code: "CONFIRM_EMAIL_MISMATCH", message: "Refused by the server" },
    ]);
    const dialog = await openDialog();
    const input = within(dialog).getByLabelText(/Type your email/);
    fireEvent.change(input, { target: { value: "  Ada@Example.com " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete everything" }));
    await waitFor(() =>
      expect(api.sent("DELETE", "/api/account")).toEqual([{ confirmEmail: "Ada@Example.com" }]),
    );
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Refused by the server");
    expect(input).toHaveAttribute("aria-invalid", "true");
  });

  it("asks for DELETE when the account has no email", async () => {
    const api = renderCard(null, () => [204, null]);
    const dialog = await openDialog();
    const input = within(dialog).getByLabelText("Type DELETE to confirm");
    fireEvent.change(input, { target: { value: "remove" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete everything" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "The email you typed does not match your account",
    );
    expect(api.sent("DELETE", "/api/account")).toHaveLength(0);
  });
});
