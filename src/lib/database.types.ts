// Generated from supabase/migrations by `npm run db:types` (scripts/db-types.sh), with the generator
// `supabase gen types typescript` uses. Do not edit: change the schema with a migration and run
// `npm run db:types`; CI fails when this file differs from a fresh generation.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      audit_log: {
        Row: {
          action: string;
          created_at: string;
          details: Json | null;
          id: string;
          resource: string | null;
          resource_id: string | null;
          user_agent: string | null;
          user_email: string | null;
          user_id: string | null;
        };
        Insert: {
          action: string;
          created_at?: string;
          details?: Json | null;
          id?: string;
          resource?: string | null;
          resource_id?: string | null;
          user_agent?: string | null;
          user_email?: string | null;
          user_id?: string | null;
        };
        Update: {
          action?: string;
          created_at?: string;
          details?: Json | null;
          id?: string;
          resource?: string | null;
          resource_id?: string | null;
          user_agent?: string | null;
          user_email?: string | null;
          user_id?: string | null;
        };
        Relationships: [];
      };
      consultation_bookings: {
        Row: {
          blocked_until: string;
          cancelled_at: string | null;
          cancelled_by: string | null;
          confirmed_at: string | null;
          created_at: string;
          ends_at: string;
          hold_until: string | null;
          id: string;
          reminder_queued_at: string | null;
          sequence: number;
          staff_id: string | null;
          starts_at: string;
          status: string;
          submission_id: string;
          updated_at: string;
          visitor_time_zone: string;
        };
        Insert: {
          blocked_until: string;
          cancelled_at?: string | null;
          cancelled_by?: string | null;
          confirmed_at?: string | null;
          created_at?: string;
          ends_at: string;
          hold_until?: string | null;
          id?: string;
          reminder_queued_at?: string | null;
          sequence?: number;
          staff_id?: string | null;
          starts_at: string;
          status?: string;
          submission_id: string;
          updated_at?: string;
          visitor_time_zone?: string;
        };
        Update: {
          blocked_until?: string;
          cancelled_at?: string | null;
          cancelled_by?: string | null;
          confirmed_at?: string | null;
          created_at?: string;
          ends_at?: string;
          hold_until?: string | null;
          id?: string;
          reminder_queued_at?: string | null;
          sequence?: number;
          staff_id?: string | null;
          starts_at?: string;
          status?: string;
          submission_id?: string;
          updated_at?: string;
          visitor_time_zone?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'consultation_bookings_submission_id_fkey';
            columns: ['submission_id'];
            isOneToOne: false;
            referencedRelation: 'contact_submissions';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'consultation_bookings_submission_id_fkey';
            columns: ['submission_id'];
            isOneToOne: false;
            referencedRelation: 'enquiry_list';
            referencedColumns: ['id'];
          },
        ];
      };
      contact_submissions: {
        Row: {
          assigned_to: string | null;
          booking_key: string | null;
          Company: string;
          created_at: string;
          Email: string;
          first_response_at: string | null;
          held_at: string | null;
          id: string;
          Interest: string;
          Job: string | null;
          landing_page: string | null;
          last_contacted_at: string | null;
          Message: string;
          Name: string;
          Phone: string | null;
          referrer_host: string | null;
          status: string;
          Timeline: string;
          utm_campaign: string | null;
          utm_medium: string | null;
          utm_source: string | null;
        };
        Insert: {
          assigned_to?: string | null;
          booking_key?: string | null;
          Company: string;
          created_at?: string;
          Email: string;
          first_response_at?: string | null;
          held_at?: string | null;
          id?: string;
          Interest: string;
          Job?: string | null;
          landing_page?: string | null;
          last_contacted_at?: string | null;
          Message: string;
          Name: string;
          Phone?: string | null;
          referrer_host?: string | null;
          status?: string;
          Timeline: string;
          utm_campaign?: string | null;
          utm_medium?: string | null;
          utm_source?: string | null;
        };
        Update: {
          assigned_to?: string | null;
          booking_key?: string | null;
          Company?: string;
          created_at?: string;
          Email?: string;
          first_response_at?: string | null;
          held_at?: string | null;
          id?: string;
          Interest?: string;
          Job?: string | null;
          landing_page?: string | null;
          last_contacted_at?: string | null;
          Message?: string;
          Name?: string;
          Phone?: string | null;
          referrer_host?: string | null;
          status?: string;
          Timeline?: string;
          utm_campaign?: string | null;
          utm_medium?: string | null;
          utm_source?: string | null;
        };
        Relationships: [];
      };
      enquiry_follow_ups: {
        Row: {
          closed_at: string | null;
          closed_by: string | null;
          closed_by_email: string | null;
          created_at: string;
          due_on: string;
          id: string;
          note: string | null;
          reminded_at: string | null;
          set_by: string | null;
          set_by_email: string | null;
          state: string;
          submission_id: string;
        };
        Insert: {
          closed_at?: string | null;
          closed_by?: string | null;
          closed_by_email?: string | null;
          created_at?: string;
          due_on: string;
          id?: string;
          note?: string | null;
          reminded_at?: string | null;
          set_by?: string | null;
          set_by_email?: string | null;
          state?: string;
          submission_id: string;
        };
        Update: {
          closed_at?: string | null;
          closed_by?: string | null;
          closed_by_email?: string | null;
          created_at?: string;
          due_on?: string;
          id?: string;
          note?: string | null;
          reminded_at?: string | null;
          set_by?: string | null;
          set_by_email?: string | null;
          state?: string;
          submission_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'enquiry_follow_ups_submission_id_fkey';
            columns: ['submission_id'];
            isOneToOne: false;
            referencedRelation: 'contact_submissions';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'enquiry_follow_ups_submission_id_fkey';
            columns: ['submission_id'];
            isOneToOne: false;
            referencedRelation: 'enquiry_list';
            referencedColumns: ['id'];
          },
        ];
      };
      enquiry_notes: {
        Row: {
          author_email: string | null;
          author_id: string | null;
          body: string;
          created_at: string;
          id: string;
          submission_id: string;
        };
        Insert: {
          author_email?: string | null;
          author_id?: string | null;
          body: string;
          created_at?: string;
          id?: string;
          submission_id: string;
        };
        Update: {
          author_email?: string | null;
          author_id?: string | null;
          body?: string;
          created_at?: string;
          id?: string;
          submission_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'enquiry_notes_submission_id_fkey';
            columns: ['submission_id'];
            isOneToOne: false;
            referencedRelation: 'contact_submissions';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'enquiry_notes_submission_id_fkey';
            columns: ['submission_id'];
            isOneToOne: false;
            referencedRelation: 'enquiry_list';
            referencedColumns: ['id'];
          },
        ];
      };
      enquiry_reads: {
        Row: {
          read_at: string;
          submission_id: string;
          user_id: string;
        };
        Insert: {
          read_at?: string;
          submission_id: string;
          user_id: string;
        };
        Update: {
          read_at?: string;
          submission_id?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'enquiry_reads_submission_id_fkey';
            columns: ['submission_id'];
            isOneToOne: false;
            referencedRelation: 'contact_submissions';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'enquiry_reads_submission_id_fkey';
            columns: ['submission_id'];
            isOneToOne: false;
            referencedRelation: 'enquiry_list';
            referencedColumns: ['id'];
          },
        ];
      };
      enquiry_replies: {
        Row: {
          author_email: string | null;
          author_id: string | null;
          author_name: string | null;
          body: string | null;
          channel: string;
          created_at: string;
          id: string;
          last_contacted_before: string | null;
          note: string | null;
          outcome: string | null;
          submission_id: string;
        };
        Insert: {
          author_email?: string | null;
          author_id?: string | null;
          author_name?: string | null;
          body?: string | null;
          channel: string;
          created_at?: string;
          id?: string;
          last_contacted_before?: string | null;
          note?: string | null;
          outcome?: string | null;
          submission_id: string;
        };
        Update: {
          author_email?: string | null;
          author_id?: string | null;
          author_name?: string | null;
          body?: string | null;
          channel?: string;
          created_at?: string;
          id?: string;
          last_contacted_before?: string | null;
          note?: string | null;
          outcome?: string | null;
          submission_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'enquiry_replies_submission_id_fkey';
            columns: ['submission_id'];
            isOneToOne: false;
            referencedRelation: 'contact_submissions';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'enquiry_replies_submission_id_fkey';
            columns: ['submission_id'];
            isOneToOne: false;
            referencedRelation: 'enquiry_list';
            referencedColumns: ['id'];
          },
        ];
      };
      staff_availability: {
        Row: {
          accepts_bookings: boolean;
          buffer_minutes: number;
          horizon_days: number;
          min_notice_minutes: number;
          staff_id: string;
          time_zone: string;
          updated_at: string;
        };
        Insert: {
          accepts_bookings?: boolean;
          buffer_minutes?: number;
          horizon_days?: number;
          min_notice_minutes?: number;
          staff_id: string;
          time_zone?: string;
          updated_at?: string;
        };
        Update: {
          accepts_bookings?: boolean;
          buffer_minutes?: number;
          horizon_days?: number;
          min_notice_minutes?: number;
          staff_id?: string;
          time_zone?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      staff_date_hours: {
        Row: {
          ends_at: string;
          id: string;
          on_date: string;
          staff_id: string;
          starts_at: string;
        };
        Insert: {
          ends_at: string;
          id?: string;
          on_date: string;
          staff_id: string;
          starts_at: string;
        };
        Update: {
          ends_at?: string;
          id?: string;
          on_date?: string;
          staff_id?: string;
          starts_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'staff_date_hours_staff_id_fkey';
            columns: ['staff_id'];
            isOneToOne: false;
            referencedRelation: 'staff_availability';
            referencedColumns: ['staff_id'];
          },
        ];
      };
      staff_profiles: {
        Row: {
          display_name: string;
          updated_at: string;
          user_id: string;
        };
        Insert: {
          display_name: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          display_name?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      staff_time_off: {
        Row: {
          ends_on: string;
          id: string;
          note: string | null;
          staff_id: string;
          starts_on: string;
        };
        Insert: {
          ends_on: string;
          id?: string;
          note?: string | null;
          staff_id: string;
          starts_on: string;
        };
        Update: {
          ends_on?: string;
          id?: string;
          note?: string | null;
          staff_id?: string;
          starts_on?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'staff_time_off_staff_id_fkey';
            columns: ['staff_id'];
            isOneToOne: false;
            referencedRelation: 'staff_availability';
            referencedColumns: ['staff_id'];
          },
        ];
      };
      staff_weekly_hours: {
        Row: {
          ends_at: string;
          id: string;
          staff_id: string;
          starts_at: string;
          weekday: number;
        };
        Insert: {
          ends_at: string;
          id?: string;
          staff_id: string;
          starts_at: string;
          weekday: number;
        };
        Update: {
          ends_at?: string;
          id?: string;
          staff_id?: string;
          starts_at?: string;
          weekday?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'staff_weekly_hours_staff_id_fkey';
            columns: ['staff_id'];
            isOneToOne: false;
            referencedRelation: 'staff_availability';
            referencedColumns: ['staff_id'];
          },
        ];
      };
      user_roles: {
        Row: {
          created_at: string;
          id: string;
          role: Database['public']['Enums']['app_role'];
          user_id: string;
        };
        Insert: {
          created_at?: string;
          id?: string;
          role: Database['public']['Enums']['app_role'];
          user_id: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          role?: Database['public']['Enums']['app_role'];
          user_id?: string;
        };
        Relationships: [];
      };
    };
    Views: {
      enquiry_list: {
        Row: {
          assigned_to: string | null;
          Company: string | null;
          company_key: string | null;
          created_at: string | null;
          Email: string | null;
          first_response_at: string | null;
          held_at: string | null;
          id: string | null;
          Interest: string | null;
          Job: string | null;
          landing_page: string | null;
          last_contacted_at: string | null;
          mail_problem: string | null;
          Message: string | null;
          Name: string | null;
          name_key: string | null;
          Phone: string | null;
          read_by_me: boolean | null;
          referrer_host: string | null;
          status: string | null;
          status_rank: number | null;
          Timeline: string | null;
          utm_campaign: string | null;
          utm_medium: string | null;
          utm_source: string | null;
        };
        Insert: {
          assigned_to?: string | null;
          Company?: string | null;
          company_key?: never;
          created_at?: string | null;
          Email?: string | null;
          first_response_at?: string | null;
          held_at?: string | null;
          id?: string | null;
          Interest?: string | null;
          Job?: string | null;
          landing_page?: string | null;
          last_contacted_at?: string | null;
          mail_problem?: never;
          Message?: string | null;
          Name?: string | null;
          name_key?: never;
          Phone?: string | null;
          read_by_me?: never;
          referrer_host?: string | null;
          status?: string | null;
          status_rank?: never;
          Timeline?: string | null;
          utm_campaign?: string | null;
          utm_medium?: string | null;
          utm_source?: string | null;
        };
        Update: {
          assigned_to?: string | null;
          Company?: string | null;
          company_key?: never;
          created_at?: string | null;
          Email?: string | null;
          first_response_at?: string | null;
          held_at?: string | null;
          id?: string | null;
          Interest?: string | null;
          Job?: string | null;
          landing_page?: string | null;
          last_contacted_at?: string | null;
          mail_problem?: never;
          Message?: string | null;
          Name?: string | null;
          name_key?: never;
          Phone?: string | null;
          read_by_me?: never;
          referrer_host?: string | null;
          status?: string | null;
          status_rank?: never;
          Timeline?: string | null;
          utm_campaign?: string | null;
          utm_medium?: string | null;
          utm_source?: string | null;
        };
        Relationships: [];
      };
    };
    Functions: {
      apply_mail_event: {
        Args: {
          bounce_type?: string;
          detail?: string;
          event_id: string;
          event_type: string;
          message_id: string;
          occurred_at: string;
        };
        Returns: string;
      };
      book_consultation: {
        Args: {
          p_forwarded_for?: string;
          p_starts_at: string;
          p_time_zone: string;
          p_token: string;
        };
        Returns: Json;
      };
      bulk_enquiry_action: {
        Args: { _action: string; _ids: Json; _seen?: Json; _value?: string };
        Returns: Json;
      };
      busy_calendar_status: {
        Args: Record<PropertyKey, never>;
        Returns: {
          busy_count: number;
          has_url: boolean;
          last_error: string;
          synced_at: string;
          url_hint: string;
        }[];
      };
      busy_calendars_to_read: {
        Args: Record<PropertyKey, never>;
        Returns: {
          staff_id: string;
          url: string;
        }[];
      };
      cancel_consultation: {
        Args: { p_forwarded_for?: string; p_token: string };
        Returns: Json;
      };
      claim_consultation_token: {
        Args: { p_enquiry_key: string; p_forwarded_for?: string };
        Returns: string;
      };
      claim_enquiry_mail_jobs: {
        Args: { max_jobs?: number };
        Returns: {
          attempts: number;
          claim_token: string;
          id: string;
          kind: string;
          payload: Json;
          recipient: string;
          thread: Json;
        }[];
      };
      clear_mail_suppression: {
        Args: { _submission_id: string };
        Returns: boolean;
      };
      close_enquiry_follow_up: {
        Args: { _follow_up_id: string; _outcome: string };
        Returns: undefined;
      };
      complete_enquiry_mail_job: {
        Args: { claim: string; job_id: string; message_id?: string };
        Returns: boolean;
      };
      confirm_consultation: {
        Args: { p_forwarded_for?: string; p_token: string };
        Returns: Json;
      };
      consultation_feed: { Args: { p_token: string }; Returns: Json };
      consultation_feed_status: {
        Args: Record<PropertyKey, never>;
        Returns: {
          active: boolean;
          created_at: string;
        }[];
      };
      consultation_slots: {
        Args: { p_forwarded_for?: string; p_token: string };
        Returns: Json;
      };
      consultations_outside_hours: {
        Args: { p_date_hours?: Json; p_time_off?: Json; p_weekly_hours?: Json };
        Returns: {
          company: string;
          ends_at: string;
          id: string;
          name: string;
          reason: string;
          starts_at: string;
          submission_id: string;
          visitor_time_zone: string;
        }[];
      };
      enquiries_needing_reply: {
        Args: Record<PropertyKey, never>;
        Returns: {
          answered_at: string;
          assigned_to: string;
          assignee_email: string;
          company: string;
          created_at: string;
          due_at: string;
          id: string;
          mail_problem: string;
          name: string;
          overdue: boolean;
          status: string;
        }[];
      };
      enquiry_dashboard_figures: { Args: { _since?: string }; Returns: Json };
      enquiry_follow_ups_due: {
        Args: Record<PropertyKey, never>;
        Returns: {
          assigned_to: string;
          assignee_email: string;
          company: string;
          due_on: string;
          id: string;
          name: string;
          note: string;
          set_by_email: string;
          status: string;
          submission_id: string;
        }[];
      };
      enquiry_list_counts: {
        Args: {
          _assignee?: string;
          _interest?: string;
          _search?: string;
          _timeline?: string;
        };
        Returns: {
          held: number;
          held_unread: number;
          status: string;
          total: number;
          unread: number;
        }[];
      };
      enquiry_mail_problem: {
        Args: { _submission_id: string };
        Returns: string;
      };
      enquiry_overview: { Args: { _since?: string }; Returns: Json };
      enquiry_response_overview: { Args: { _now?: string }; Returns: Json };
      enquiry_source_overview: {
        Args: { _now?: string };
        Returns: {
          dimension: string;
          enquiries: number;
          value: string;
          won: number;
        }[];
      };
      enquiry_timeline: {
        Args: { _submission_id: string };
        Returns: {
          actor: string;
          details: Json;
          event: string;
          occurred_at: string;
        }[];
      };
      erase_subject_data: { Args: { _email: string }; Returns: Json };
      fail_enquiry_mail_job: {
        Args: { claim: string; error: string; job_id: string };
        Returns: string;
      };
      grant_admin_role: { Args: { _email: string }; Returns: boolean };
      list_failed_enquiry_mail: {
        Args: Record<PropertyKey, never>;
        Returns: {
          attempts: number;
          created_at: string;
          enquiry_count: number;
          id: string;
          kind: string;
          last_error: string;
          recipient: string;
          submission_id: string;
          updated_at: string;
        }[];
      };
      list_staff: {
        Args: Record<PropertyKey, never>;
        Returns: {
          display_name: string;
          email: string;
          id: string;
        }[];
      };
      mark_enquiry_read: {
        Args: { _read?: boolean; _submission_id: string };
        Returns: undefined;
      };
      receive_enquiry_answer: {
        Args: {
          attachments: Json;
          body: string;
          email_id: string;
          from_address: string;
          message_id: string;
          received_at: string;
          subject: string;
          token: string;
          truncated: boolean;
        };
        Returns: string;
      };
      record_busy_times: {
        Args: { p_busy: Json; p_error?: string; p_staff_id: string };
        Returns: number;
      };
      record_enquiry_contact: {
        Args: {
          _channel: string;
          _note?: string;
          _outcome?: string;
          _seen_last_contacted?: string;
          _submission_id: string;
        };
        Returns: string;
      };
      record_enquiry_export: {
        Args: {
          exported: number;
          interest?: string;
          searched?: boolean;
          status?: string;
          timeline?: string;
        };
        Returns: undefined;
      };
      related_enquiries: {
        Args: { _limit?: number; _submission_id: string };
        Returns: {
          company: string;
          created_at: string;
          email: string;
          held: boolean;
          id: string;
          name: string;
          same_company: boolean;
          same_email: boolean;
          status: string;
          total: number;
        }[];
      };
      renew_enquiry_mail_job: {
        Args: { claim: string; job_id: string };
        Returns: boolean;
      };
      reschedule_consultation: {
        Args: {
          p_forwarded_for?: string;
          p_starts_at: string;
          p_time_zone: string;
          p_token: string;
        };
        Returns: Json;
      };
      retry_failed_enquiry_mail: { Args: { job_id: string }; Returns: boolean };
      review_enquiry_answer: {
        Args: { _action: string; _answer_id: string };
        Returns: string;
      };
      revoke_admin_role: { Args: { _email: string }; Returns: boolean };
      revoke_consultation_feed: {
        Args: Record<PropertyKey, never>;
        Returns: undefined;
      };
      rotate_consultation_feed: {
        Args: Record<PropertyKey, never>;
        Returns: string;
      };
      save_enquiry_field: {
        Args: {
          _field: string;
          _seen: string;
          _submission_id: string;
          _value: string;
        };
        Returns: Json;
      };
      search_enquiry_list: {
        Args: { _search?: string };
        Returns: {
          assigned_to: string | null;
          Company: string | null;
          company_key: string | null;
          created_at: string | null;
          Email: string | null;
          first_response_at: string | null;
          held_at: string | null;
          id: string | null;
          Interest: string | null;
          Job: string | null;
          landing_page: string | null;
          last_contacted_at: string | null;
          mail_problem: string | null;
          Message: string | null;
          Name: string | null;
          name_key: string | null;
          Phone: string | null;
          read_by_me: boolean | null;
          referrer_host: string | null;
          status: string | null;
          status_rank: number | null;
          Timeline: string | null;
          utm_campaign: string | null;
          utm_medium: string | null;
          utm_source: string | null;
        }[];
        SetofOptions: {
          from: '*';
          to: 'enquiry_list';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      send_enquiry_reply: {
        Args: { _body: string; _submission_id: string };
        Returns: Json;
      };
      set_busy_calendar_url: { Args: { p_url: string }; Returns: undefined };
      set_enquiry_follow_up: {
        Args: {
          _due_on: string;
          _note?: string;
          _replaces?: string;
          _submission_id: string;
        };
        Returns: string;
      };
      set_staff_name: {
        Args: { _name: string; _user_id: string };
        Returns: string;
      };
      staff_access: {
        Args: Record<PropertyKey, never>;
        Returns: {
          display_name: string;
          email: string;
          last_sign_in_at: string;
          mfa_enrolled: boolean;
          roles: string[];
          user_id: string;
        }[];
      };
      staff_cancel_consultation: {
        Args: { p_booking_id: string };
        Returns: Json;
      };
      staff_consultation_slots: {
        Args: { p_booking_id: string };
        Returns: Json;
      };
      staff_move_consultation: {
        Args: { p_booking_id: string; p_starts_at: string };
        Returns: Json;
      };
      subject_access: { Args: { _email: string }; Returns: Json };
      undo_enquiry_contact: {
        Args: { _contact_id: string };
        Returns: undefined;
      };
      upcoming_consultations: {
        Args: { p_limit?: number };
        Returns: {
          company: string;
          confirmed_at: string;
          ends_at: string;
          hold_until: string;
          id: string;
          name: string;
          staff_id: string;
          staff_name: string;
          starts_at: string;
          submission_id: string;
        }[];
      };
    };
    Enums: {
      app_role: 'admin' | 'user';
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    keyof DefaultSchema['CompositeTypes'] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  public: {
    Enums: {
      app_role: ['admin', 'user'],
    },
  },
} as const;
